// The calibration of the units of work (src/work.rs) against the CPU measured in workerd: what `scripts/cost` prints
// as "measured ÷ model". A request's model is a fixed part for its kind of answer plus each counted unit times its
// coefficient; the coefficients are docs/cost.md's table "The calibration" (its one source), fitted by `fit` below
// to a run of `scripts/cost` (`COST_FIT=1` prints a new table). Used by scripts/cost.mjs and its test,
// tests/e2e/calibration.test.mjs. Run alone on a run's results (`COST_JSON=file`), it prints the same report and
// the fit without measuring again, over several runs' mean: `node scripts/calibration.mjs file… [--fit]`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// A list of units as X-FFEN-Work writes them ("12 sprites, 5 vector px, …") as { unit: count }.
const parseUnits = (text) => Object.fromEntries([...(text ?? "").matchAll(/(\d+) ([a-z][a-z ]*?)(?=,|$)/g)].map((m) => [m[2], Number(m[1])]));

// An `X-FFEN-Work` value ("predicted N us, <units>; counted <units>; planning <units>") as its predicted
// microseconds, the units predicted and counted by the drawing (which the prediction bounds), those counted while
// planning (a still's scene asked of the tile cache, an animation's frames replayed), and the request's: both.
export function parseWork(header) {
  const m = /^predicted (\d+) us(?:, (.*?))?; counted ([^;]*)(?:; planning (.*))?$/.exec(header ?? "");
  if (!m) return null;
  const [counted, planning] = [parseUnits(m[3]), parseUnits(m[4])];
  const request = { ...counted };
  for (const [unit, n] of Object.entries(planning)) request[unit] = (request[unit] ?? 0) + n;
  return { micros: Number(m[1]), predicted: parseUnits(m[2]), counted, planning, request };
}

// The milliseconds above the floor below which a row is not in the band: the spread of one row of unchanged code
// between runs in workerd alone (docs/cost.md, "Reading the figures"), against which a ratio says nothing.
export const NOISE_MS = 0.3;

// A warm row's CPU above the floor (ms a request): the median of its blocks' (`blocksMs`, each above the floor
// measured right before it) where the run kept them, else the mean over the row less `floorMs`. A block that met a
// major garbage collection, or another process on the machine, can move the mean of a short row by half, and the
// median of six blocks hardly (by the mean, one run read the same row 0.49-1.07 ms).
export function aboveFloorMs(row, floor) {
  if (!row.blocksMs?.length) return row.cpuMs - (row.floorMs ?? floor.cpuMs);
  const sorted = [...row.blocksMs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// The kinds of answer a row's path is: a picture coded by the deflate (PNG, animated PNG), one coded by the LZW
// (GIF, `/game.gif`), or the words. Their fixed parts differ, and so does what a pixel coded costs.
export function kindOf(path) {
  if (/\/diagram\.(txt|json)$/.test(path ?? "")) return "words";
  return /\.gif$/.test(path ?? "") ? "gif" : "png";
}

// The terms of the model: [name in the table, the unit of X-FFEN-Work it multiplies (or null: the fixed part),
// the kinds it applies to].
export const TERMS = [
  ["fixed, a picture", null, ["png", "gif"]],
  ["fixed, the words", null, ["words"]],
  ["animations", "animations", null],
  ["sprites", "sprites", null],
  ["vector px", "vector px", null],
  ["tiles", "tiles", null],
  ["tile px", "tile px", null],
  ["tile code px", "tile code px", null],
  ["frames", "frames", null],
  ["frame px, PNG", "frame px", ["png"]],
  ["frame px, GIF", "frame px", ["gif"]],
  ["repainted px", "repainted px", null],
  ["px composed", "px composed", null],
  ["px coded, PNG", "px coded", ["png"]],
  ["px coded, GIF", "px coded", ["gif"]],
  ["strip px", "strip px", null],
  ["bytes searched", "bytes searched", null],
  ["glyphs", "glyphs", null],
  ["tiles shown", "tiles shown", null],
  ["tile px shown", "tile px shown", null],
  ["pieces", "pieces", null],
  ["cells", "cells", null],
  ["squares, a picture", "squares", ["png", "gif"]],
  ["squares, the words", "squares", ["words"]],
  ["items", "items", null],
];

// docs/cost.md's calibration table (`| term | ns |` rows under "### The calibration") as { term: nanoseconds }.
export function readCalibration(docsPath) {
  const text = readFileSync(docsPath, "utf8");
  const section = /### The calibration\n([\s\S]*?)(?=\n#{2,3} )/.exec(text);
  if (!section) throw new Error(`${docsPath}: no "### The calibration" section`);
  return parseCalibration(section[1]);
}

// The table's rows (each a few pairs of cells: a term and its nanoseconds) as { term: nanoseconds }; every term of
// TERMS must be there.
export function parseCalibration(markdown) {
  const cal = {};
  for (const line of markdown.split("\n").filter((l) => l.startsWith("|"))) {
    const cells = line.split("|").slice(1, -1).map((c) => c.trim());
    for (let i = 0; i + 1 < cells.length; i += 2) {
      if (/^[\d.,]+$/.test(cells[i + 1])) cal[cells[i]] = Number(cells[i + 1].replaceAll(",", ""));
    }
  }
  const missing = TERMS.map(([term]) => term).filter((term) => !(term in cal));
  if (missing.length) throw new Error(`the calibration lacks ${missing.join(", ")}`);
  return cal;
}

// A row's counted units as the model charges them: a later frame's pixels are among "px coded" too (every frame's
// pixels are coded), charged once, at the frame's rate.
function charged(units) {
  return { ...units, "px coded": (units["px coded"] ?? 0) - (units["frame px"] ?? 0) };
}

// The model's milliseconds of a row of `kind` with `units` counted, under the calibration `cal`.
export function modelMs(units, kind, cal) {
  const u = charged(units);
  let ns = 0;
  for (const [term, unit, kinds] of TERMS) {
    if (kinds && !kinds.includes(kind)) continue;
    ns += cal[term] * (unit === null ? 1 : u[unit] ?? 0);
  }
  return ns / 1e6;
}

// The band of measured ÷ model over `rows` ({ units, kind, ms }): its lowest and highest ratio, and their quotient.
export function band(rows, cal) {
  const ratios = rows.map((r) => r.ms / modelMs(r.units, r.kind, cal));
  const [low, high] = [Math.min(...ratios), Math.max(...ratios)];
  return { low, high, width: high / low, ratios };
}

// How far above the count a row's units predicted may be, under the model (the model of the units predicted over
// the model of those counted): the prediction's bound, which the fit keeps (issue: within 1.5× on every row).
export const UNITS_WITHIN = 1.5;

// The most, over `rows` that have their units predicted ({ predicted, units, kind }), of the model of the units
// predicted over the model of those counted, under `cal` (1 where none has).
export function worstUnits(rows, cal) {
  const ratios = rows.filter((r) => r.predicted).map((r) => modelMs(r.predicted, r.kind, cal) / modelMs(r.units, r.kind, cal));
  return Math.max(1, ...ratios);
}

// The calibration that makes the band of `rows` narrowest, from `start`: each coefficient in turn scaled up or
// down while the score falls, in steps halving from 2× to 1.0001×; the score first the spread of the log ratios
// (their variance: smooth, so the steps find its valley), then the band's width (the spread breaking ties). Then all
// of them scaled so that the band is centred on 1. Coefficients no row's units reach, and HAND_SET's, stay as they
// are; each other stays within `box` times its start (BOX) and above FLOOR. A step that would take the units
// predicted of a row of `guarded` past UNITS_WITHIN of its count (or past where `start` has them, if further) is
// not taken: a coefficient fitted up on a unit that the plan bounds loosely (bytes searched, where a new tile's
// colours are not known) would narrow the band by making the prediction look further from the count.
export function fit(rows, start, box = BOX, guarded = rows) {
  const cal = { ...start };
  const ceiling = Math.max(UNITS_WITHIN, worstUnits(guarded, start));
  const used = TERMS.filter(([term, unit, kinds]) =>
    !HAND_SET.includes(term) &&
    rows.some((r) => (!kinds || kinds.includes(r.kind)) && (unit === null || charged(r.units)[unit] > 0)),
  ).map(([term]) => term);
  const spread = (ratios) => {
    const logs = ratios.map(Math.log);
    const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
    return logs.reduce((s, x) => s + (x - mean) ** 2, 0) / logs.length;
  };
  const narrow = (c) => {
    const b = band(rows, c);
    return Math.log(b.width) + 0.1 * spread(b.ratios);
  };
  const scores = [(c) => spread(band(rows, c).ratios), narrow];
  for (const score of scores) {
    let best = score(cal);
    for (let step = 2; step > 1.0001; step = Math.sqrt(step)) {
      for (let improved = true, rounds = 0; improved && rounds < 500; rounds++) {
        improved = false;
        for (const term of used) {
          for (const factor of [step, 1 / step]) {
            const value = Math.min(Math.max(cal[term] * factor, start[term] / box, FLOOR), start[term] * box);
            const tried = { ...cal, [term]: value };
            const s = score(tried);
            if (s < best - 1e-12 && worstUnits(guarded, tried) <= ceiling) {
              [best, improved] = [s, true];
              Object.assign(cal, tried);
            }
          }
        }
      }
    }
  }
  const { low, high } = band(rows, cal);
  const centre = Math.sqrt(low * high);
  for (const term of used) cal[term] *= centre;
  return cal;
}

// The terms the fit leaves as the table has them: the words' fixed part and their cells. Only two rows of words are
// above NOISE_MS (the 28×28 and 32×32 boards), both mostly cells, so the fit cannot tell the two apart (left free, the
// fixed part took 0.56 ms where a `/diagram.txt` of 32 cells measures 0.2 ms in all); they are set by hand from
// the rows below the noise as well.
export const HAND_SET = ["fixed, the words", "cells"];

// How far the fit may move a coefficient from where it starts, up or down: the units of a row often come together
// (a new disc's vector pixels with its tile's pixels; a still's pixels composed with its pixels coded), so the rows
// alone cannot tell their coefficients apart, and an unbounded fit gives one all and the other nothing.
const BOX = 8;

// The least a coefficient may be fitted to (ns): a term whose units always come with another's (a still's pixels
// composed and coded) could otherwise be fitted to nothing, which the table would not print.
const FLOOR = 0.001;

// The table's terms a row (docs/cost.md is kept short).
const PAIRS_A_ROW = 3;

// The calibration as docs/cost.md's table rows.
export function calibrationTable(cal) {
  const round = (ns) => (ns >= 100 ? Math.round(ns).toLocaleString("en-US") : String(Number(ns.toPrecision(2))));
  const pairs = TERMS.map(([term]) => `${term} | ${round(cal[term])}`);
  const rows = [];
  for (let i = 0; i < pairs.length; i += PAIRS_A_ROW) rows.push(`| ${pairs.slice(i, i + PAIRS_A_ROW).join(" | ")} |`);
  const head = Array(PAIRS_A_ROW).fill("term | ns").join(" | ");
  return [`| ${head} |`, `|${"---|".repeat(2 * PAIRS_A_ROW)}`, ...rows].join("\n");
}

// The band's width on each of `count` runs alone (null: none of its rows is above the noise), its rows those of
// `measured` ({ w, kind, byRun }: a row's CPU above the floor in each run) at least NOISE_MS above the floor in that
// run. A run alone is wider than the runs' mean: a row's median of six blocks moves about 12 % from run to run (the
// sampling of so few blocks; docs/cost.md, "The calibration"), and the band's ends are the rows it moved furthest.
export function runBands(measured, count, cal) {
  return Array.from({ length: count }, (_, run) => {
    const rows = bandRows(measured, (m) => m.byRun[run]);
    return rows.length ? band(rows, cal).width : null;
  });
}

// The rows of `measured` ({ w, kind, … }) that are at least NOISE_MS above the floor by `msOf`, as `band` and `fit`
// take them ({ units, predicted, kind, ms }).
function bandRows(measured, msOf) {
  return measured.filter((m) => msOf(m) >= NOISE_MS).map((m) => ({ units: m.w.request, predicted: m.w.predicted, kind: m.kind, ms: msOf(m) }));
}

// The report `scripts/cost` prints of runs' rows (`runs`: each run's rows of this build, its floor among them): each
// warm row's units predicted and counted, the model from the counted ones under docs/cost.md's calibration
// (`docsPath`), the CPU above the floor (the mean over the runs that have the row) and measured ÷ model; the band
// over the rows above NOISE_MS; with `withFit`, the calibration fitted to these rows. The cold rows (a first request
// pays V8's compiling) are left out.
export function calibrationReport(runs, docsPath, withFit) {
  const cal = readCalibration(docsPath);
  const ms = (v) => `${v.toFixed(2)} ms`;
  const list = (units) => Object.entries(units).filter(([, n]) => n > 0).map(([u, n]) => `${n} ${u}`).join(", ") || "—";
  const byRequest = new Map();
  for (const [run, after] of runs.entries()) {
    const floor = after.find((r) => r.request.includes("the floor"));
    for (const r of after) {
      if (r === floor || r.secondCpuMs !== undefined || !parseWork(r.work)) continue;
      const seen = byRequest.get(r.request) ?? { r, w: parseWork(r.work), kind: kindOf(r.path), byRun: [] };
      seen.byRun[run] = aboveFloorMs(r, floor);
      byRequest.set(r.request, seen);
    }
  }
  // A row's CPU above the floor, the mean over the runs that have it (`byRun` leaves the others empty).
  const mean = (values) => values.reduce((s, x) => s + x, 0) / values.length;
  const measured = [...byRequest.values()].map((m) => ({ ...m, ms: mean(m.byRun.filter((x) => x !== undefined)) }));
  const out = [
    "",
    "units of work (predicted / counted, X-FFEN-Work), the model from the counted units (docs/cost.md's calibration), and measured ÷ model",
    "",
    "| request | predicted | counted | counted planning | predicted ms | model ms (counted) | predicted ÷ model | units predicted ÷ counted | above the floor | measured ÷ model |",
    "|---|---|---|---|---|---|---|---|---|---|",
  ];
  const [margins, unitRatios] = [[], []];
  for (const { r, w, kind, ms: above } of measured) {
    const model = modelMs(w.request, kind, cal);
    const margin = w.micros / 1000 / model;
    margins.push(margin);
    // The units predicted (which bound the drawing's) under the same model, against the request's counted: how
    // far the prediction's units are above the count, in the milliseconds they stand for.
    const units = modelMs(w.predicted, kind, cal) / model;
    unitRatios.push(units);
    const ratio = above < NOISE_MS ? `(${(above / model).toFixed(2)}: below ${NOISE_MS} ms, not in the band)` : (above / model).toFixed(2);
    out.push(`| ${r.request} | ${list(w.predicted)} | ${list(w.counted)} | ${list(w.planning)} | ${ms(w.micros / 1000)} | ${ms(model)} | ${margin.toFixed(2)} | ${units.toFixed(2)} | ${ms(above)} | ${ratio} |`);
  }
  const rows = bandRows(measured, (m) => m.ms);
  const guarded = measured.map(({ w, kind }) => ({ units: w.request, predicted: w.predicted, kind }));
  if (!rows.length) return out;
  const b = band(rows, cal);
  out.push("", `the band: measured ÷ model ${b.low.toFixed(2)}–${b.high.toFixed(2)}, ${b.width.toFixed(2)}× wide over ${rows.length} rows (the goal: within 2×)`);
  if (runs.length > 1) out.push(`each run alone: ${runBands(measured, runs.length, cal).map((w) => (w === null ? "—" : `${w.toFixed(2)}×`)).join(", ")}`);
  out.push(`predicted ÷ model: ${Math.min(...margins).toFixed(2)}–${Math.max(...margins).toFixed(2)} (the prediction's margin over the model of what was counted)`);
  const within = unitRatios.filter((x) => x <= UNITS_WITHIN).length;
  out.push(`units predicted ÷ counted, under the model: ${Math.min(...unitRatios).toFixed(2)}–${Math.max(...unitRatios).toFixed(2)}, ${within} of ${unitRatios.length} rows within ${UNITS_WITHIN}×`);
  if (withFit) {
    const fitted = fit(rows, cal, BOX, guarded);
    const f = band(rows, fitted);
    const units = worstUnits(guarded, fitted).toFixed(2);
    out.push("", `the calibration fitted to this run (band ${f.low.toFixed(2)}–${f.high.toFixed(2)}, ${f.width.toFixed(2)}× wide; units predicted ÷ counted at most ${units}):`, "", calibrationTable(fitted));
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const runs = args.filter((a) => a !== "--fit").map((file) => JSON.parse(readFileSync(file, "utf8")).rows.filter((r) => r.build === "after"));
  const docs = path.join(path.dirname(fileURLToPath(import.meta.url)), "../docs/cost.md");
  for (const line of calibrationReport(runs, docs, args.includes("--fit"))) console.log(line);
}
