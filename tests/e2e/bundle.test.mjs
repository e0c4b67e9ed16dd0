// The bundle `wrangler deploy` would upload (`wrangler deploy --dry-run`), served by workerd alone: no wrangler dev in
// front of it, so this is the deployable artifact in the bare runtime, as `scripts/cost` with COST_RUNTIME=workerd
// measures it. Its start event (the warm-up) must run there, its diagrams must be the goldens byte for byte, and its
// answers must not depend on a cache (workerd alone has none: every lookup throws, every diagram is a miss). Given an
// empty cache (the harness's `cache: "empty"`), it looks each diagram up and stores it.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { goldenCases, ROOT, startBareWorkerd } from "./harness.mjs";

let worker;
before(async () => {
  // The goldens include a picture over wrangler.toml's Free-plan CPU limit: the built-in limits, as golden.test.mjs.
  worker = await startBareWorkerd({ vars: { FFEN_MAX_IMAGE_PIXELS: String(2200 * 2200), FFEN_MAX_RENDER_MS: "30000" } });
});
after(async () => {
  await worker?.stop();
});

test("the deploy bundle in workerd alone draws every golden byte for byte, each a miss", async () => {
  const cases = goldenCases();
  assert.ok(cases.length > 40, `only ${cases.length} golden cases`);
  for (const { name, query } of cases) {
    for (let round = 0; round < 2; round++) {
      const res = await fetch(`${worker.base}/diagram.png?${query}`);
      const body = Buffer.from(await res.arrayBuffer());
      assert.equal(res.status, 200, `${name}: ${body.toString().slice(0, 200)}`);
      assert.equal(res.headers.get("content-type"), "image/png", name);
      // No cache in workerd alone: the second request draws again, the same bytes.
      assert.equal(res.headers.get("x-cache"), "MISS", `${name}, request ${round + 1}`);
      assert.ok(body.equals(readFileSync(path.join(ROOT, "tests/golden", `${name}.png`))), `${name}: not the golden`);
    }
  }
});

test("the deploy bundle in workerd alone answers a bad link with a 400 that says where", async () => {
  const res = await fetch(`${worker.base}/diagram.png?ffen=rnbqkbnr/ppppzppp`);
  const text = await res.text();
  assert.equal(res.status, 400);
  assert.match(text, /column 14/);
  assert.match(text, /'z'/);
});

test("workerd alone has run the Worker's start event: no error in its output", async () => {
  // A failing start event (a panic in the warm-up, a global-scope call the runtime refuses) would have stopped the
  // Worker or logged an uncaught error before the first request.
  assert.doesNotMatch(worker.output(), /Uncaught|RuntimeError|panicked/);
});

test("with an empty cache, a miss looks its key up, answers, then stores it; a HEAD stores too; a 400 does neither", async () => {
  // harness.startBareWorkerd's `cache: "empty"` (what COST_WORKERD_CACHE=empty measures with): the lookup is a
  // subrequest answered "miss" rather than a throw, and the put after the answer reaches the cache.
  const cached = await startBareWorkerd({ cache: "empty", vars: {} });
  try {
    const miss = await fetch(`${cached.base}/diagram.png?ffen=K`);
    assert.equal(miss.status, 200);
    assert.equal(miss.headers.get("x-cache"), "MISS");
    await miss.arrayBuffer();
    const head = await fetch(`${cached.base}/diagram.png?ffen=k`, { method: "HEAD" });
    assert.equal(head.status, 200);
    const bad = await fetch(`${cached.base}/diagram.png?ffen=z`);
    assert.equal(bad.status, 400);
    await bad.arrayBuffer();
    // The puts run after the answers (ctx.waitUntil): wait for them.
    const deadline = Date.now() + 5000;
    while (cached.cacheRequests().filter((r) => r.method === "PUT").length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Each key (the path and the position of its cache URL) looked up, then stored.
    const asked = cached.cacheRequests().map(({ method, url }) => `${method} ${url.split("?")[0]} ${/[?&]ffen=([^&]*)/.exec(url)?.[1]}`);
    for (const ffen of ["K", "k"]) {
      assert.deepEqual(asked.filter((line) => line.endsWith(` ${ffen}`)), [`GET /__cache/diagram.png ${ffen}`, `PUT /__cache/diagram.png ${ffen}`]);
    }
    assert.equal(asked.length, 4, asked.join("; "));
  } finally {
    await cached.stop();
  }
});
