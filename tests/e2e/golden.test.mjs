// The golden diagrams through the Worker: every case of tests/golden/cases.tsv, requested from the modern route of
// the wasm32 build under `wrangler dev`, must be the same bytes as the golden PNG the host renders
// (tests/render_golden.rs). This is the evidence that the goldens need no tolerance for the Worker's platform.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT, startWorker } from "./harness.mjs";

const GOLDEN_DIR = path.join(ROOT, "tests/golden");

/** The cases: name, dialect, options as [key, value] pairs, FFEN. */
function cases() {
  return readFileSync(path.join(GOLDEN_DIR, "cases.tsv"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => {
      const [name, dialect, options, ffen] = line.split("\t");
      const pairs = options === "-" ? [] : options.split("&").map((pair) => pair.split("="));
      return { name, dialect, pairs, ffen };
    });
}

let worker;
before(async () => {
  // The goldens include 774×774 pictures, above wrangler.toml's Free-plan pixel limit: the built-in limit here (the
  // limit itself is tested in worker.test.mjs).
  worker = await startWorker({ vars: { FFEN_MAX_IMAGE_PIXELS: String(2200 * 2200) } });
});
after(async () => {
  await worker?.stop();
});

test("every golden diagram comes out of the Worker byte for byte", async () => {
  const all = cases();
  assert.ok(all.length >= 29, `only ${all.length} cases read`);
  const differing = [];
  for (const { name, dialect, pairs, ffen } of all) {
    const query = [["ffen", ffen], ["dialect", dialect], ...pairs]
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join("&");
    const res = await fetch(`${worker.base}/diagram.png?${query}`);
    const body = Buffer.from(await res.arrayBuffer());
    assert.equal(res.status, 200, `${name}: ${body.toString("utf8", 0, 200)}`);
    const golden = readFileSync(path.join(GOLDEN_DIR, `${name}.png`));
    if (!body.equals(golden)) differing.push(`${name}: ${body.length} bytes, golden ${golden.length}`);
  }
  assert.deepEqual(differing, [], "the Worker's PNGs differ from the host's goldens");
});
