// The calibration of the units of work (scripts/calibration.mjs): docs/cost.md's table is whole, its terms are the
// units src/work.rs names, the model adds them up as documented, and the fit narrows a band it can close.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { aboveFloorMs, band, calibrationTable, fit, HAND_SET, kindOf, modelMs, parseCalibration, readCalibration, runBands, TERMS, UNITS_WITHIN, worstUnits } from "../../scripts/calibration.mjs";
import { ROOT } from "./harness.mjs";

test("docs/cost.md's calibration has every term, and every term's unit is one X-FFEN-Work names", () => {
  const cal = readCalibration(path.join(ROOT, "docs/cost.md"));
  assert.deepEqual(Object.keys(cal).sort(), TERMS.map(([term]) => term).sort());
  assert.ok(Object.values(cal).every((ns) => ns > 0), "every coefficient is positive");
  const work = readFileSync(path.join(ROOT, "src/work.rs"), "utf8");
  const named = new Set([...work.matchAll(/^\s+\("([a-z ]+)", [a-z_]+\),$/gm)].map((m) => m[1]));
  for (const [term, unit] of TERMS) if (unit) assert.ok(named.has(unit), `${term}: "${unit}" is no unit of src/work.rs`);
  assert.equal(named.size, new Set(TERMS.map(([, unit]) => unit).filter(Boolean)).size, "each unit has a term");
});

test("the model is the kind's fixed part and each unit times its coefficient, a frame's pixels charged once", () => {
  const cal = Object.fromEntries(TERMS.map(([term], i) => [term, i + 1]));
  const units = { animations: 1, frames: 2, "frame px": 100, "px coded": 150, glyphs: 3 };
  // The GIF's fixed part and the animation's, its frames, their pixels at the GIF's rate, the 50 other pixels coded
  // (not the frames' 100 again) and the glyphs; the words' fixed part and cells.
  const gif = cal["fixed, a picture"] + cal.animations + 2 * cal.frames + 100 * cal["frame px, GIF"] + 50 * cal["px coded, GIF"] + 3 * cal.glyphs;
  assert.equal(modelMs(units, "gif", cal) * 1e6, gif);
  assert.equal(modelMs({ cells: 4 }, "words", cal) * 1e6, cal["fixed, the words"] + 4 * cal.cells);
  assert.deepEqual(["png", "gif", "gif", "words", "words"], ["/diagram.png", "/diagram.gif", "/game.gif", "/diagram.txt", "/diagram.json"].map(kindOf));
});

test("the fit finds a calibration that the rows' units explain, and the table reads back", () => {
  const truth = Object.fromEntries(TERMS.map(([term]) => [term, 1]));
  Object.assign(truth, { "fixed, a picture": 400_000, "px composed": 0.6, "bytes searched": 7, glyphs: 40_000, cells: 2_500 });
  const rows = [
    { "px composed": 100_000, "px coded": 100_000, "bytes searched": 50_000 },
    { "px composed": 500_000, "px coded": 500_000, "bytes searched": 2_000 },
    { "px composed": 700_000, "px coded": 700_000, glyphs: 60 },
    { "px composed": 50_000, "px coded": 50_000, "bytes searched": 300_000, glyphs: 10 },
  ].map((units) => ({ units, kind: "png", ms: modelMs(units, "png", truth) }));
  rows.push(...[100, 1_000].map((cells) => ({ units: { cells }, kind: "words", ms: modelMs({ cells }, "words", truth) })));
  // The words' fixed part and cells are set by hand (the fit leaves them): here where the truth has them.
  const start = { ...Object.fromEntries(TERMS.map(([term]) => [term, 3])), "fixed, the words": 1, cells: 2_500 };
  assert.ok(band(rows, start).width > 2);
  const fitted = fit(rows, start, Infinity);
  assert.deepEqual([fitted["fixed, the words"], fitted.cells], [1, 2_500]);
  const b = band(rows, fitted);
  assert.ok(b.width < 1.1, `fitted band ${b.width}`);
  assert.ok(b.low < 1 && b.high > 1, "centred on 1");
  // Held within 8× of where they start (before the band is centred, which scales them all alike), no two
  // coefficients move more than 64× apart.
  const boxed = fit(rows, start);
  const reached = TERMS.filter(([term, unit, kinds]) => !HAND_SET.includes(term) &&
    rows.some((r) => (!kinds || kinds.includes(r.kind)) && (unit === null || r.units[unit] > 0)));
  const moved = reached.map(([term]) => boxed[term] / start[term]);
  assert.ok(Math.max(...moved) / Math.min(...moved) <= 64 * 1.0001, `${Math.max(...moved) / Math.min(...moved)}`);
  const back = parseCalibration(calibrationTable(fitted));
  assert.ok(band(rows, back).width < 1.15, "the rounded table keeps the band");
});

test("the fit keeps every row's units predicted within 1.5× of the count under the table it fits", () => {
  // Bytes searched cost ten times what the start says, and the plan bounds them at twice the count: fitted freely,
  // the band closes and the prediction moves to nearly twice the count in the model; guarded, it stops at 1.5×.
  const truth = { ...Object.fromEntries(TERMS.map(([term]) => [term, 1])), "fixed, a picture": 100_000, "bytes searched": 10 };
  const counted = [
    { "px coded": 100_000, "bytes searched": 50_000 },
    { "px coded": 500_000, "bytes searched": 2_000 },
    { "px coded": 700_000, "bytes searched": 10_000 },
    { "px coded": 50_000, "bytes searched": 300_000 },
  ];
  const rows = counted.map((units) => ({ units, predicted: { ...units, "bytes searched": 2 * units["bytes searched"] }, kind: "png", ms: modelMs(units, "png", truth) }));
  const start = { ...truth, "bytes searched": 0.1 };
  assert.ok(worstUnits(rows, start) <= UNITS_WITHIN && band(rows, start).width > 10);
  const free = fit(rows, start, 1000, []);
  assert.ok(band(rows, free).width < 1.01 && worstUnits(rows, free) > 1.9, `${worstUnits(rows, free)}`);
  const guarded = fit(rows, start, 1000);
  assert.ok(worstUnits(rows, guarded) <= UNITS_WITHIN, `${worstUnits(rows, guarded)}`);
  assert.ok(band(rows, guarded).width < band(rows, start).width / 4, "still narrowed");
});

test("a row's CPU above the floor is its blocks' median where the run kept them, else its mean less the floor", () => {
  const floor = { cpuMs: 0.25 };
  assert.equal(aboveFloorMs({ cpuMs: 1.25, floorMs: 0.5 }, floor), 0.75);
  assert.equal(aboveFloorMs({ cpuMs: 1.25 }, floor), 1);
  // One block that met a collection moves the mean, not the median.
  assert.equal(aboveFloorMs({ cpuMs: 9, floorMs: 0, blocksMs: [0.5, 4, 0.25, 0.75, 0.5] }, floor), 0.5);
  assert.equal(aboveFloorMs({ cpuMs: 9, floorMs: 0, blocksMs: [0.5, 4, 0.25, 0.75] }, floor), 0.625);
});

test("each run alone has its own band, over its rows above the noise", () => {
  const cal = Object.fromEntries(TERMS.map(([term]) => [term, 1]));
  cal["fixed, a picture"] = 1_000_000;
  const w = (px) => ({ request: { "px composed": px } });
  // Model: 1 ms + 1 ns a pixel. Run 0 reads both rows at the model (1×); run 1 reads the second at twice it (2×),
  // and a third row below the noise in run 0 only (left out there, 3 ms ÷ 3 ms in run 1).
  const measured = [
    { w: w(1e6), kind: "png", byRun: [2, 2] },
    { w: w(3e6), kind: "png", byRun: [4, 8] },
    { w: w(2e6), kind: "png", byRun: [0.1, 3] },
  ];
  const [first, second] = runBands(measured, 2, cal);
  assert.ok(Math.abs(first - 1) < 1e-9, `${first}`);
  assert.ok(Math.abs(second - 2) < 1e-9, `${second}`);
  // A run whose rows are all under the noise has no band.
  assert.deepEqual(runBands([{ w: w(1e6), kind: "png", byRun: [0.1] }], 1, cal), [null]);
});
