// The golden diagrams through the Worker: every case of tests/golden/cases.tsv, requested from the modern route of
// the wasm32 build under `wrangler dev`, must be the same bytes as the golden PNG the host renders
// (tests/render_golden.rs). This is the evidence that the goldens need no tolerance for the Worker's platform.
// The same for the SVG route: every case from /diagram.svg is the host's SVG (tests/golden/svg/, written by
// tests/svg_parity.rs) byte for byte, with the SVG headers; and an SVG is cached, revalidated and HEAD-answered as a
// PNG is, under its own ETag.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { goldenCases, ROOT, startWorker } from "./harness.mjs";

const GOLDEN_DIR = path.join(ROOT, "tests/golden");

let worker;
before(async () => {
  // The goldens include pictures over wrangler.toml's Free-plan CPU limit (a 32×32 board of pieces): the built-in
  // limits here (the limits themselves are tested in worker.test.mjs).
  worker = await startWorker({ vars: { FFEN_MAX_IMAGE_PIXELS: String(2200 * 2200), FFEN_MAX_RENDER_MS: "30000" } });
});
after(async () => {
  await worker?.stop();
});

test("every golden diagram comes out of the Worker byte for byte", async () => {
  const all = goldenCases();
  assert.ok(all.length >= 29, `only ${all.length} cases read`);
  const differing = [];
  for (const { name, query } of all) {
    const res = await fetch(`${worker.base}/diagram.png?${query}`);
    const body = Buffer.from(await res.arrayBuffer());
    assert.equal(res.status, 200, `${name}: ${body.toString("utf8", 0, 200)}`);
    const golden = readFileSync(path.join(GOLDEN_DIR, `${name}.png`));
    if (!body.equals(golden)) differing.push(`${name}: ${body.length} bytes, golden ${golden.length}`);
  }
  assert.deepEqual(differing, [], "the Worker's PNGs differ from the host's goldens");
});

test("every golden diagram as SVG comes out of the Worker byte for byte, with the SVG headers", async () => {
  const differing = [];
  for (const c of goldenCases()) {
    const res = await fetch(`${worker.base}/diagram.svg?${c.query}`);
    const body = Buffer.from(await res.arrayBuffer());
    assert.equal(res.status, 200, `${c.name}: ${body.toString("utf8", 0, 200)}`);
    assert.equal(res.headers.get("content-type"), "image/svg+xml", c.name);
    assert.equal(res.headers.get("content-security-policy"), "default-src 'none'; sandbox", c.name);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff", c.name);
    assert.equal(res.headers.get("cache-control"), "public, max-age=31536000, immutable", c.name);
    const golden = readFileSync(path.join(GOLDEN_DIR, "svg", `${c.name}.svg`));
    if (!body.equals(golden)) differing.push(`${c.name}: ${body.length} bytes, golden ${golden.length}`);
  }
  assert.deepEqual(differing, [], "the Worker's SVGs differ from the host's goldens");
});

test("an SVG has its own ETag, is cached (MISS then HIT), answers 304 and HEAD", async () => {
  const query = "ffen=" + encodeURIComponent("k7/8/8/3Q4/8/8/8/K6'a") + "&theme=print&size=31";
  const png = await fetch(`${worker.base}/diagram.png?${query}`);
  await png.arrayBuffer();
  const first = await fetch(`${worker.base}/diagram.svg?${query}`);
  const firstBody = Buffer.from(await first.arrayBuffer());
  assert.equal(first.status, 200);
  assert.equal(first.headers.get("x-cache"), "MISS");
  const etag = first.headers.get("etag");
  assert.match(etag, /^"[0-9a-f]{16}"$/);
  assert.notEqual(etag, png.headers.get("etag"), "the format is part of the key");
  assert.equal(first.headers.get("x-ffen"), png.headers.get("x-ffen"));
  assert.ok(firstBody.toString("utf8").startsWith("<svg xmlns="));
  let second;
  for (let i = 0; i < 20; i++) {
    // The cache put runs after the response (ctx.waitUntil): retry briefly until it has landed.
    second = await fetch(`${worker.base}/diagram.svg?${query}`);
    if (second.headers.get("x-cache") === "HIT") break;
    await second.arrayBuffer();
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(second.headers.get("x-cache"), "HIT");
  assert.ok(Buffer.from(await second.arrayBuffer()).equals(firstBody));
  assert.equal(second.headers.get("content-type"), "image/svg+xml");
  assert.equal(second.headers.get("content-security-policy"), "default-src 'none'; sandbox");
  const notModified = await fetch(`${worker.base}/diagram.svg?${query}`, { headers: { "If-None-Match": etag } });
  assert.equal(notModified.status, 304);
  const head = await fetch(`${worker.base}/diagram.svg?${query}`, { method: "HEAD" });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get("content-type"), "image/svg+xml");
  assert.equal(head.headers.get("etag"), etag);
  assert.equal((await head.arrayBuffer()).byteLength, 0);
  // Errors are those of the PNG route: a message naming the column, or the PNG card for an <img>.
  const bad = await fetch(`${worker.base}/diagram.svg?ffen=k7/8/8/3z4`);
  assert.equal(bad.status, 400);
  assert.match(await bad.text(), /^invalid FFEN, column 9: /);
  const card = await fetch(`${worker.base}/diagram.svg?ffen=k7/8/8/3z4`, { headers: { Accept: "image/svg+xml,image/*,*/*;q=0.8" } });
  assert.equal(card.status, 400);
  assert.equal(card.headers.get("content-type"), "image/png");
});
