// What a request costs inside the Workers runtime: CPU time of the workerd processes per request under `wrangler dev`
// (127.0.0.1 only), for the floor (a 400 that renders nothing), cache hits, misses of every size that matters, the
// largest board the limits allow, and the first diagram of a fresh runtime. Run by `scripts/cost`, which builds the
// bundle first; see README.md ("Benchmarks").
//
// Method: one connection, requests one after another, each answer read in full. The CPU time of every workerd
// process of the `wrangler dev` process group is read from /proc (per thread, /proc/PID/task/TID/schedstat, in
// nanoseconds) before and after a fixed number of requests; divided by the number of requests it is the cost of one.
// Misses run with FFEN_CACHE_WRITES=off, so every request renders and no cache put is left running after the answer
// (and three rows again with FFEN_CACHE_READS=off: no lookup in wrangler dev's emulated cache, whose CPU is counted as
// the runtime's here but is I/O outside the isolate's CPU time in production);
// every position differs anyway, and the script checks that every answer was a MISS (or a HIT for the hit row).
// Each row is warmed first (distinct positions, so the renderer's code is optimised and the sprites of that size are
// cached, as in a busy isolate), except the cold rows, which are the first request of a freshly started runtime.
// "Above the floor": each warm miss row runs in six blocks (COST_BLOCKS), each after 50 floor requests on the same
// runtime, and is reported above that floor (marked †; the table the blocks' mean, the calibration their median),
// so that a machine whose speed drifts during a run (this project's has moved its floor from 4.8 to 2.5 ms in one
// run) shifts both alike; the rows take turns, a block of every row in each pass (each block after a
// few requests warming its row again), so that a slow phase of the shared machine, which moves every block of one
// row alike when they run one after the other, falls on one block of many rows, and a row's median leaves it out;
// the hits, the limits' and the cold rows are above the floor row measured once.
//
// With COST_BEFORE, the warm misses of both builds run interleaved (two runtimes): each row's blocks (and the
// floor beside each) alternate between the builds, so that load from other work and a machine whose speed drifts
// fall on both alike; LILA_GIF adds lila-gif's CPU per 720-px GIF of the same positions.
// Bounded: about 5,500 requests (a third of them the floor beside the rows; twice that with COST_BEFORE) and
// 3 + 7 x COST_COLD_RUNS runtime starts (5-10 minutes; COST_RUNTIME=workerd: about 3); every request times out
// after 30 s; an interrupted run stops the runtime it started.
// Environment: COST_SCALE (default 1) multiplies the request counts; COST_BLOCKS (default 6) is the blocks of a warm
// miss row; COST_COLD_RUNS (default 3) fresh starts per cold row; COST_ONLY=cold measures only the floor and the
// cold rows, COST_ONLY=text the floor and the warm miss rows whose name contains the text; COST_JSON=file also
// writes the results as JSON; COST_FIT=1 also prints the calibration fitted to the run (scripts/calibration.mjs,
// docs/cost.md "The calibration").
//
// COST_RUNTIME=workerd measures the Worker in workerd alone instead of under `wrangler dev`: the bundle that
// `wrangler deploy --dry-run` makes, served by the workerd binary wrangler ships, from a config with the Worker, its
// [vars] and one HTTP socket. Under `wrangler dev` every request also passes through miniflare's own workers in the
// same workerd process (its entry worker, which copies the body, and the emulated cache), whose CPU the rows above
// count: the floor there is a 400 plus that. Alone, workerd has no cache configured: a miss's lookup throws ("No
// Cache was configured", a C++ exception and a JavaScript error with its stack), which the Worker answers as a miss.
// A deployment's lookup never takes that path, so the misses are measured again without the lookup
// (FFEN_CACHE_READS=off): the Worker's own work. COST_WORKERD_CACHE=empty gives workerd a cache that holds nothing
// instead, served by this process (tests/e2e/harness.mjs): a lookup is then an HTTP subrequest answered "miss". What
// a lookup costs at the edge cannot be measured here (docs/cost.md, "scripts/cost"). Nothing is stored, so there is no
// hit row; everything else is measured the same way.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { freePort, ROOT, spawnWranglerDev, startBareWorkerd, tomlVars } from "../tests/e2e/harness.mjs";
import { calibrationReport } from "./calibration.mjs";

const SCALE = Number(process.env.COST_SCALE ?? 1);
// How many blocks a warm miss row runs in, each after its own floor block (COST_BLOCKS, default 6).
const BLOCKS = Math.max(1, Number(process.env.COST_BLOCKS ?? 6));
// The built-in pixel limit (MAX_IMAGE_PIXELS), and the limits wrangler.toml sets for the Free plan: a pixel limit
// (FFEN_MAX_IMAGE_PIXELS, as older deployments set) and/or a limit on the predicted CPU (FFEN_MAX_RENDER_MS).
const BUILT_IN_PIXELS = 2200 * 2200;
// A whole number of wrangler.toml's [vars] (tests/e2e/harness.mjs, tomlVars), if it sets one.
const tomlVar = (root, name) => /^\d+$/.exec(tomlVars(root)[name] ?? "")?.[0];
const wranglerLimits = (root) => {
  const pixels = tomlVar(root, "FFEN_MAX_IMAGE_PIXELS");
  const ms = tomlVar(root, "FFEN_MAX_RENDER_MS");
  return [pixels && `a limit of ${pixels} pixels`, ms && `a CPU limit of ${ms} ms (cost model)`].filter(Boolean).join(" and ") ||
    "the built-in limits";
};
// COST_BEFORE=dir: a second build (its build/, wrangler.toml and node_modules, e.g. main's) measured in the same run;
// LILA_GIF=dir: a built lila-gif checkout (target/release/lila-gif), measured in the same run too.
const BEFORE = process.env.COST_BEFORE ? path.resolve(process.env.COST_BEFORE) : null;
const LILA_GIF = process.env.LILA_GIF ? path.resolve(process.env.LILA_GIF) : null;
const COLD_RUNS = Number(process.env.COST_COLD_RUNS ?? 3);
const ONLY_COLD = process.env.COST_ONLY === "cold";
// COST_ONLY=text (other than "cold"): only the floor and the warm miss rows whose name contains the text.
const ONLY_ROWS = process.env.COST_ONLY && !ONLY_COLD ? process.env.COST_ONLY.split("|") : null;
const onlyRow = (request) => !ONLY_ROWS || ONLY_ROWS.some((text) => request.includes(text));
const BARE = process.env.COST_RUNTIME === "workerd";
// workerd alone: no cache (the default, whose lookup throws) or an empty one.
const WORKERD_CACHE = process.env.COST_WORKERD_CACHE ?? "none";
if (process.env.COST_RUNTIME && !BARE) throw new Error(`COST_RUNTIME=${process.env.COST_RUNTIME}: only "workerd" is known`);
const count = (n) => Math.max(3, Math.round(n * SCALE));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- positions ----------------------------------------------------------------------------------------------------

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

// The distinct orders of a back rank (5,040 of them): the start position with the n-th one as White's is a
// start-like position (32 pieces, the same squares and colours) that no other request of a run asks for; past
// 5,040 (COST_SCALE above 1) Black's back rank takes the next order too.
function backRanks() {
  const out = [];
  const seen = new Set();
  const permute = (prefix, rest) => {
    if (!rest.length) {
      if (!seen.has(prefix)) { seen.add(prefix); out.push(prefix); }
      return;
    }
    for (let i = 0; i < rest.length; i++) {
      if (i > 0 && rest[i] === rest[i - 1]) continue;
      permute(prefix + rest[i], rest.slice(0, i) + rest.slice(i + 1));
    }
  };
  permute("", "BBKNNQRR"); // sorted, so equal letters are next to each other
  return out;
}
const BACK_RANKS = backRanks();
// Black's: the start's first, then every other order.
const BLACK_RANKS = ["rnbqkbnr", ...BACK_RANKS.map((rank) => rank.toLowerCase()).filter((rank) => rank !== "rnbqkbnr")];
let nextBackRank = 0;
function startLike() {
  const [white, black] = [nextBackRank % BACK_RANKS.length, Math.floor(nextBackRank / BACK_RANKS.length)];
  if (black >= BLACK_RANKS.length) throw new Error("out of distinct start-like positions");
  nextBackRank++;
  return `${BLACK_RANKS[black]}/pppppppp/8/8/8/8/PPPPPPPP/${BACK_RANKS[white]}`;
}

// The 11×11 board of the renderer's bench (benches/shared/cases.rs, fairy_11x11: F307 with neutral pieces, rotated
// markers and numbers added), in canonical form as `cargo bench --bench render` prints it.
const FAIRY_11X11 =
  "-*1q-c*2T*2r3*3N2''88/*3n6*2r1''121/-*3n*2bp3*2bQ3/2*2b*2r3p2'7/1*2r2P1p4/4N4p1/1K*3n5p2/3*3Np1B1P2/3pN1p4/3B*2rkb2*3nR/6*3rbN1x";

// janko's spec example of every kind of glyph (docs/spec 000).
const JANKO_GLYPHS = "rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-P-r-R-n-N-b-B/cCsSxXtT/'A'B'C'D'W'X'Y'Z/'0'1'2'3'4''11''22''33/RNBQKBNR";

// The largest board, a piece on every square (benches/shared/cases.rs, full_32x32).
const PIECES = "KQRBNPkqrbnp";
const fullBoard = (n) => Array.from({ length: n }, (_, y) =>
  Array.from({ length: n }, (_, x) => PIECES[(x + y) % PIECES.length]).join(""),
).join("/");
const FULL_32X32 = fullBoard(32);

// The most varied largest board (benches/shared/cases.rs, mixed_32x32; Bodlaender dialect): extra colours, neutral
// and fairy pieces, discs, markers on every square; with theme=brown and coords=1 its picture needs an 8-bit palette.
const TOKENS = ["(q3)", "(n4)", "(r5)", "(b6)", "(k2)", "(p2)", "(s3)", "(g1)", "(ca3)", "(Z)", "(c5)", "(t6)", "Q", "n", "(x4)", "(q6)"];
const MIXED_32X32 = Array.from({ length: 32 }, (_, y) =>
  Array.from({ length: 32 }, (_, x) => TOKENS[(x + 3 * y) % TOKENS.length]).join(""),
).join("/");

const diagram = (ffen, extra = "") => `/diagram.png?ffen=${encodeURIComponent(ffen)}${extra}`;
// The floor: a 400 that renders nothing (the size is over the limit, refused before drawing).
const FLOOR = diagram(START, "&size=999");
// `count(n)` start-like misses with the query `extra`, and `count(n)` times the same URL.
const misses = (n, extra) => Array.from({ length: count(n) }, () => diagram(startLike(), extra));
const same = (n, url) => Array(count(n)).fill(url);
// The same start-like misses, from the back ranks in turn again and again: the piece sets' twenty rows (docs/pieces.md)
// would use up the 5,040 with two builds. A row's own positions still differ, and with FFEN_CACHE_WRITES=off every
// request is a miss.
let nextSetRank = 0;
const setMisses = (n, extra) => Array.from({ length: count(n) }, () =>
  diagram(`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/${BACK_RANKS[nextSetRank++ % BACK_RANKS.length]}`, extra));
const lichess = (fen) => `/export/fen.gif?fen=${encodeURIComponent(fen)}`;
// Capablanca-like positions (10×8, the archbishop and chancellor drawn as fairy glyphs), each one different: the
// start-like back ranks with the two compounds added at the ends.
const capablancaLike = () => {
  const back = startLike().split("/")[7];
  return `(archbishop)${back.toLowerCase()}(chancellor)/pppppppppp/10/10/10/10/PPPPPPPPPP/(Archbishop)${back}(Chancellor)`;
};

// ---- workerd CPU time from /proc ----------------------------------------------------------------------------------

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = text.lastIndexOf(")");
    const comm = text.slice(text.indexOf("(") + 1, close);
    const fields = text.slice(close + 2).split(" ");
    return { comm, pgrp: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

function workerdPids(pgrp) {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      const s = stat(pid);
      return s && s.pgrp === pgrp && s.comm === "workerd";
    });
}

// Nanoseconds of CPU of the workerd processes: the sum over their threads of schedstat's first field (time on a CPU),
// split into V8's helper threads ("V8 DefaultWorker": background compilation, the tier-up to optimised code, parts of
// garbage collection) and the rest (the threads that run requests); and, as a cross-check with 10 ms resolution,
// utime + stime of /proc/PID/stat (which also counts threads that ended).
function cpu(pgrp) {
  let ns = 0;
  let helperNs = 0;
  let ticks = 0;
  for (const pid of workerdPids(pgrp)) {
    ticks += stat(pid)?.ticks ?? 0;
    let tasks = [];
    try { tasks = readdirSync(`/proc/${pid}/task`); } catch { continue; }
    for (const tid of tasks) {
      try {
        const t = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
        ns += t;
        if (readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").startsWith("V8 ")) helperNs += t;
      } catch { /* ended */ }
    }
  }
  return { ns, helperNs, ticksNs: ticks * 1e7 };
}

// ---- wrangler dev -------------------------------------------------------------------------------------------------

// Process groups of the runtimes started and not yet stopped: ended if this script is interrupted.
const running = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const pgid of running) {
      try { process.kill(-pgid, "SIGKILL"); } catch { /* gone */ }
    }
    process.exit(130);
  });
}

// The Worker of `root` with `vars`, under `wrangler dev` or, with COST_RUNTIME=workerd, in workerd alone
// (tests/e2e/harness.mjs): ready without a request having been sent (that would warm the isolate), then idle.
async function startWorker(vars = {}, root = ROOT) {
  const onSpawn = (pid) => running.add(pid);
  const worker = await (BARE ? startBareWorkerd : spawnWranglerDev)({ root, vars, onSpawn, cache: WORKERD_CACHE });
  let last = cpu(worker.pid).ns;
  for (let i = 0; i < 100; i++) {
    await sleep(200);
    const now = cpu(worker.pid).ns;
    if (workerdPids(worker.pid).length && now - last < 2e6) break; // under 1 % of a core: idle
    last = now;
  }
  // Everything the runtime did before its first request: the workerd processes starting, compiling the wasm, the
  // module's global scope (the Worker's warm-up).
  const startCpuMs = cpu(worker.pid).ns / 1e6;
  const stop = async () => {
    await worker.stop();
    running.delete(worker.pid);
  };
  return { base: worker.base, pgrp: worker.pid, stop, readyMs: worker.readyMs, startCpuMs, output: worker.output };
}

// ---- requests -----------------------------------------------------------------------------------------------------

// `url`: a path to GET, or `{ path, body }` to POST (lila-gif's /game.gif).
async function get(base, url) {
  const t = performance.now();
  const init = { headers: { accept: "*/*" }, signal: AbortSignal.timeout(30_000) };
  if (typeof url === "object") Object.assign(init, { method: "POST", body: url.body, headers: { ...init.headers, "content-type": "application/json" } });
  const res = await fetch(base + (typeof url === "object" ? url.path : url), init);
  const body = new Uint8Array(await res.arrayBuffer());
  const work = res.headers.get("x-ffen-work");
  return { status: res.status, xCache: res.headers.get("x-cache"), bytes: body.length, ms: performance.now() - t, work };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
};

// Requests `urls` one after another; the workerd CPU between just before the first and 100 ms after the last answer,
// per request. `expect` checks each answer.
async function measure(worker, urls, expect) {
  const before = cpu(worker.pgrp);
  const walls = [];
  let bytes = 0;
  let work;
  let last;
  for (const url of urls) {
    last = url;
    const r = await get(worker.base, url);
    const problem = expect(r);
    if (problem) throw new Error(`${url}: ${problem} (status ${r.status}, X-Cache ${r.xCache})`);
    walls.push(r.ms);
    bytes = r.bytes;
    work = r.work ?? work;
  }
  await sleep(100);
  const after = cpu(worker.pgrp);
  const n = urls.length;
  const perRequest = (key) => (after[key] - before[key]) / n / 1e6;
  return {
    n,
    cpuMs: perRequest("ns"),
    helperMs: perRequest("helperNs"),
    ticksCpuMs: perRequest("ticksNs"),
    wallMs: median(walls),
    bytes,
    work,
    path: typeof last === "object" ? last.path : last?.split("?")[0],
  };
}

// `urls` measured as `measure` does, in BLOCKS blocks, each right after a block of 50 floor requests (`floorUrl`, a
// 400 that renders nothing) on the same runtime: the row's CPU and, as `floorMs`, the floor's beside it. On a machine
// whose speed drifts during a run (the floor of one run has moved from 4.8 to 2.5 ms), a row minus the floor measured
// at the start of the run can be off by more than the row; minus its own floor, the drift falls on both alike.
async function measureBesideFloor(worker, urls, floorUrl, expect) {
  return (await measureBesideFloorInTurn([{ worker, urls }], floorUrl, expect))[0];
}

// `measureBesideFloor` of several runtimes, each with its own `urls`, block by block in turn: block 1 of each, then
// block 2 of each, and so on (the results in the order given).
async function measureBesideFloorInTurn(runs, floorUrl, expect, blocks = BLOCKS) {
  const measured = runs.map(() => ({ parts: [], floors: [] }));
  for (let block = 0; block < blocks; block++) await measureBlock(runs, measured, [block, blocks], floorUrl, expect);
  return measured.map(({ parts, floors }) => summarize(parts, floors));
}

// Block `block` of `blocks` of each of `runs` (its share of the run's `urls`, right after 50 floor requests), added
// to the run's `measured` parts and floors.
async function measureBlock(runs, measured, [block, blocks], floorUrl, expect) {
  for (const [i, { worker, urls }] of runs.entries()) {
    const size = Math.ceil(urls.length / blocks);
    const slice = urls.slice(block * size, (block + 1) * size);
    if (slice.length === 0) continue;
    measured[i].floors.push(await measure(worker, Array(50).fill(floorUrl), isStatus(400)));
    measured[i].parts.push(await measure(worker, slice, expect));
  }
}

// The warm miss rows, each measured as `measureBesideFloorInTurn` measures one, but block by block over all of them:
// block 1 of every row (each right after its warm-up, `warm` requests of `warmUp`), then block 2 of every row (each
// right after `REWARM` requests of its warm-up again: the rows between may have evicted its sprites and tiles), and
// so on. The machine this runs on is shared: a row's blocks one after the other fall within seconds, so a slow phase
// of the machine moved every block of a row alike (consecutive rows of nearly the same work, every glyph at 120 and
// 127 px, read 2.80 and 3.97 ms in one run, 2.57 and 3.34 in another) and their median could not set it apart; a
// block of each row in each pass spreads a row's blocks over the whole run, and the median leaves out a slow phase.
async function measureRowsInTurn(rows, floorUrl, blocks = BLOCKS) {
  const measured = rows.map(({ runs }) => runs.map(() => ({ parts: [], floors: [] })));
  for (let block = 0; block < blocks; block++) {
    for (const [r, { request, check, runs, warm, warmUp }] of rows.entries()) {
      await warmUp(block === 0 ? warm : Math.min(warm, REWARM));
      await measureBlock(runs, measured[r], [block, blocks], floorUrl, check);
      if (block === blocks - 1) console.error(`cost: ${request}: measured in ${blocks} blocks`);
    }
  }
  return rows.map(({ request }, r) => ({ request, measured: measured[r].map(({ parts, floors }) => summarize(parts, floors)) }));
}

// The requests of a warm miss row's warm-up repeated before each of its blocks after the first (`measureRowsInTurn`).
const REWARM = 3;

// One row's result from its blocks and the floors measured beside them; `blocksMs`, each block's CPU per request
// above the floor measured right before it (the calibration takes their median: a block that met a garbage
// collection or another process on the machine moves a mean, not a median).
function summarize(parts, floors) {
  const n = parts.reduce((sum, p) => sum + p.n, 0);
  const blocksMs = parts.map((p, i) => p.cpuMs - floors[i].cpuMs);
  const weighted = (list, key) => list.reduce((sum, p) => sum + p[key] * p.n, 0) / list.reduce((sum, p) => sum + p.n, 0);
  return {
    n,
    cpuMs: weighted(parts, "cpuMs"),
    helperMs: weighted(parts, "helperMs"),
    ticksCpuMs: weighted(parts, "ticksCpuMs"),
    wallMs: median(parts.map((p) => p.wallMs)),
    bytes: parts[parts.length - 1].bytes,
    work: parts[parts.length - 1].work,
    path: parts[parts.length - 1].path,
    floorMs: weighted(floors, "cpuMs"),
    floorHelperMs: weighted(floors, "helperMs"),
    blocksMs,
  };
}

const isStatus = (status) => (r) => (r.status === status ? null : `expected ${status}`);
const isMiss = (r) => (r.status !== 200 ? "expected 200" : r.xCache !== "MISS" ? "expected X-Cache MISS" : null);
const isHit = (r) => (r.status !== 200 ? "expected 200" : r.xCache !== "HIT" ? "expected X-Cache HIT" : null);

// The largest square size the limits allow for a board: the first size, from 128 down, that is not refused (null:
// none is).
async function largestSize(worker, ffen, extra = "") {
  for (let size = 128; size >= 12; size--) {
    const r = await get(worker.base, diagram(ffen, `${extra}&size=${size}`));
    if (r.status === 200) return size;
    if (r.status !== 400) throw new Error(`size=${size}: status ${r.status}`);
  }
  return null;
}

// ---- lila-gif, side by side --------------------------------------------------------------------------------------

// CPU time of one process (all its threads), nanoseconds.
function processNs(pid) {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try { ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]); } catch { /* ended */ }
  }
  return ns;
}

// lila-gif (https://github.com/lichess-org/lila-gif, built from its public source outside this repository) serving
// `GET /image.gif?fen=…` (720×720 px, its default) on 127.0.0.1: its process's CPU per request, HTTP included, for
// distinct start-like positions, warmed first like every row.
async function lilaGif() {
  const port = await freePort();
  const bin = path.join(LILA_GIF, "target", "release", "lila-gif");
  const child = spawn(bin, ["--bind", `127.0.0.1:${port}`], { stdio: "ignore" });
  running.add(child.pid);
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try { await fetch(base + "/image.gif?fen=8/8/8/8/8/8/8/8"); break; } catch { if (i > 100) throw new Error("lila-gif did not start"); await sleep(100); }
    }
    const urls = (n) => Array.from({ length: count(n) }, () => `/image.gif?fen=${encodeURIComponent(startLike())}`);
    const run = async (list) => {
      const before = processNs(child.pid);
      const walls = [];
      let bytes = 0;
      for (const url of list) {
        const r = await get(base, url);
        if (r.status !== 200) throw new Error(`lila-gif ${url}: status ${r.status}`);
        walls.push(r.ms);
        bytes = r.bytes;
      }
      await sleep(100);
      return { n: list.length, cpuMs: (processNs(child.pid) - before) / list.length / 1e6, helperMs: 0, ticksCpuMs: 0, wallMs: median(walls), bytes };
    };
    await run(urls(30));
    const still = await run(urls(200));
    // Its 93-frame example game (GET /example.gif: the body of its POST /game.gif example, rendered).
    await run(Array(3).fill("/example.gif"));
    return { still, game: await run(Array(count(8)).fill("/example.gif")) };
  } finally {
    running.delete(child.pid);
    child.kill("SIGKILL");
  }
}

// ---- the table ----------------------------------------------------------------------------------------------------

const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const rows = [];
const note = (row) => {
  row.load = load();
  rows.push(row);
  console.error(
    `cost: [${row.build ?? ""}] ${row.request}: ${row.cpuMs.toFixed(2)} ms CPU (V8 helper threads ${row.helperMs.toFixed(2)} ms; ` +
      `/proc/PID/stat says ${row.ticksCpuMs.toFixed(1)} ms), wall ${row.wallMs.toFixed(2)} ms, ` +
      `${row.bytes} bytes (n=${row.n}, load ${row.load})${row.work ? `; work ${row.work}` : ""}`,
  );
};

// lila-gif's example game in coordinates, as the benches play it (benches/shared/cases.rs, LILA_GIF_GAME), and the
// look closest to lila-gif's (its 90-px squares, brown board, its last-move colour).
const LILA_GAME = readFileSync(path.join(ROOT, "benches/shared/cases.rs"), "utf8")
  .match(/LILA_GIF_GAME: &str = "([^"]*)"/)[1]
  .replace(/\\\n/g, "");
const LILA_LOOK = "&size=90&theme=brown&lastmove_style=lichess";
const moves = (n) => LILA_GAME.split(" ").slice(0, n).join(" ");
const SOLUTION_20 = moves(20);
// lila-gif's example body (tests/fixtures/lila-gif-example.json: its 93 frames, the players' names), and its first
// frames alone: POST /game.gif.
const LILA_BODY = JSON.parse(readFileSync(path.join(ROOT, "tests/fixtures/lila-gif-example.json"), "utf8"));
const game = (frames) => ({ path: "/game.gif", body: JSON.stringify({ ...LILA_BODY, frames: LILA_BODY.frames.slice(0, frames) }) });
const played = (format, moves, look) => diagram(START, look + "&moves=" + encodeURIComponent(moves)).replace("/diagram.png?", `/diagram.${format}?`);

// A 16×16 board of twenty kinds of pieces in both colours.
const KINDS = "QqRrBbNnKkPpCcXxSsTt";
const BOARD_16X16 = Array.from({ length: 16 }, (_, y) =>
  Array.from({ length: 16 }, (_, x) => KINDS[(x + 3 * y) % KINDS.length]).join(""),
).join("/");
// `count` lettered discs (64: every square) that no earlier request to this runtime drew at this size, then empty
// squares: a disc is its label (a name's first
// two letters) and its colour (white or black; a neutral or turned disc is derived from those, drawn from no vector),
// so 1,352 discs a size and runtime last before they repeat (18 requests; a longer row would measure cached discs).
// `runtime` is the worker's place in `workers`: each runtime (a build's isolate) counts apart.
const discSerials = new Map();
const discName = (i) => "abcdefghijklmnopqrstuvwxyz"[Math.floor(i / 26) % 26] + "abcdefghijklmnopqrstuvwxyz"[i % 26];
function newDiscs(size, runtime, count = 64) {
  const key = `${size}/${runtime}`;
  const cells = Array.from({ length: 64 }, (_, cell) => {
    if (cell >= count) return null;
    const i = discSerials.get(key) ?? 0;
    discSerials.set(key, i + 1);
    return `[${discName(Math.floor(i / 2))}:${i % 2 ? "b" : "w"}]`;
  });
  // A rank's runs of empty squares written as digits.
  const rank = (r) => {
    let [text, empty] = ["", 0];
    for (const c of cells.slice(r * 8, r * 8 + 8)) {
      if (c === null) empty++;
      else [text, empty] = [text + (empty ? String(empty) : "") + c, 0];
    }
    return text + (empty ? String(empty) : "");
  };
  return Array.from({ length: 8 }, (_, r) => rank(r)).join("/");
}
// Moves of a rook (fourteen unless told), each putting a piece with a new name on the board (a Circe rebirth's
// notation): 676 names a colour before they repeat.
const moveDiscs = { w: 0, b: 0 };
// A light square colour no request of this run asked for before: every square's tile is new to the isolate, though
// its pieces' sprites are not.
let lightColours = 0;
// Delays in tens of milliseconds (a GIF's are kept in hundredths of a second): each one a new key.
let delays = 0;
const newDelay = () => 1000 + 10 * (delays++ % 900);
const newLight = () => (0x808080 + lightColours++).toString(16).padStart(6, "0");
function newDiscMoves(count = 14, colour = "w") {
  return Array.from({ length: count }, (_, i) => {
    const name = discName(moveDiscs[colour]++ % 676);
    return `${["a1a2", "a2a1"][i % 2]}[+${colour}(${name})${"abcdefgh"[i % 8]}8]`;
  }).join(" ");
}
// Every glyph variant on an 8×8 board: the orthodox pieces in both colours, neutral and turned, drawn fairy glyphs,
// markers and letters.
const ALL_GLYPHS =
  "KQRBNPkq/rbnp-K-Q-R-B/-N-P*1K*1Q*2R*2B*3N*3P/[grasshopper:w][nightrider:b][camel:n][amazon:w][zebra:b][archbishop:w][chancellor:b][dragon:w]/" +
  "[grasshopper:b][nightrider:w][camel:w][amazon:b][zebra:w][archbishop:b][chancellor:w][dragon:b]/*1k*1q*2r*2b*3n*3p-k-q/-r-b-n-p*1r*1b*1n*1p/*1C*2X-S*3T'a'b*1'c1";
const QUEENS_32X32 = Array.from({ length: 32 }, () => "Q".repeat(32)).join("/");
const ARROWS_64 = "&arrows=" + Array.from({ length: 64 }, (_, i) => `${"ab"[i >> 5]}${(i % 32) + 1}h${(i % 32) + 1}`).join(",");
// Coordinates and every kind of furniture (a problem diagram as printed, with highlights and arrows).
const FURNITURE =
  "&coords=1&count=1&title=" + encodeURIComponent("Ladislav Šulc|Phénix 1999, 1st Prize") +
  "&caption=" + encodeURIComponent("#2 Circe|b) wKe1-h1") + "&squares=Ge4,Rd5,c3&arrows=Ge2e4,Bh7c2";

// The rows of each build (`root`: this checkout, or COST_BEFORE's), tagged `build`. The warm misses of all builds run
// interleaved, row by row (each build its own runtime, started together), so that a change of the machine's load
// during the run falls on both sides alike; the other phases run one build after the other.
async function measureBuilds(builds) {
  for (const { root, build } of ONLY_COLD || ONLY_ROWS || BARE ? [] : builds) {
    // Hits need the cache put that the other rows switch off: their own runtime.
    const worker = await startWorker({}, root);
    try {
      const hit = diagram(START);
      const first = await get(worker.base, hit);
      if (first.status !== 200) throw new Error(`hit URL: status ${first.status}`);
      await sleep(500); // the put runs after the answer
      await measure(worker, Array(count(30)).fill(hit), isHit);
      note({ build, request: "cache hit (start position, default size)", ...(await measure(worker, Array(count(300)).fill(hit), isHit)) });
    } finally {
      await worker.stop();
    }
  }
  // The misses, under the built-in limits only (a paid-plan deployment).
  const workers = [];
  try {
    for (const { root, build } of builds) {
      // (FFEN_WORK_HEADER: each miss says the work predicted for it and counted, an older build ignores it.)
      const vars = { FFEN_CACHE_WRITES: "off", FFEN_MAX_IMAGE_PIXELS: String(BUILT_IN_PIXELS), FFEN_MAX_RENDER_MS: "30000", FFEN_WORK_HEADER: "on" };
      workers.push({ build, worker: await startWorker(vars, root) });
    }
    // (name, requests, warm-up requests, how a list of URLs is made, the check, and the warm-up's URLs if others)
    const rowDefs = [
      ["a 400 answer, no rendering (the floor)", 300, 30, (n) => same(n, FLOOR), isStatus(400)],
      // The fixed part of a miss (parse, cache key, the cache lookup, building the response) with almost no
      // drawing: under wrangler dev the lookup goes to the emulated cache, which costs about what a hit costs.
      ["the smallest miss: a 1×1 board, size=12 (14×14 px)", 300, 30, (n) => same(n, diagram("K", "&size=12")), isMiss],
      ["start-like 8×8 miss, default size (322 px)", 300, 30, (n) => misses(n, ""), isMiss],
      // The words (docs/words.md): the same start-like positions as text, nothing drawn.
      // Each piece set's warm miss right after cburnett's (docs/pieces.md, "Cost"): the pairs' ratios, each measured
      // within seconds, are what compares; at size=90 the two slowest sets.
      ...[["default size", ""], ["size=90", "&size=90"]].flatMap(([size, query]) =>
        (size === "default size" ? ["chessnut", "celtic", "fantasy", "spatial", "rhosgfx", "shapes", "kiwen-suwi", "firi"] : ["fantasy", "celtic"])
          .flatMap((set) => [[`cburnett (beside ${set})`, ""], [set, `&piece=${set}`]])
          .map(([name, piece]) => [`start-like 8×8 miss in a piece set, ${size}, piece=${name}`, 300, 30, (n) => setMisses(n, query + piece), isMiss])),
      ["start-like 8×8 miss as /diagram.txt (the piece list)", 300, 30, (n) => misses(n, "").map((u) => u.replace("/diagram.png?", "/diagram.txt?")), isMiss],
      ["start-like 8×8 miss, size=90 (724 px)", 200, 30, (n) => misses(n, "&size=90"), isMiss],
      ["start-like 8×8 miss, size=96 (774 px; 4 bits, squares inside bytes)", 100, 30, (n) => misses(n, "&size=96"), isMiss],
      ["start-like 8×8 miss, size=96, coordinates (810 px)", 100, 30, (n) => misses(n, "&size=96&coords=1"), isMiss],
      ["start-like 8×8 miss, size=128 (1040 px)", 100, 30, (n) => misses(n, "&size=128"), isMiss],
      ["start-like 8×8 miss, size=128, coordinates", 60, 30, (n) => misses(n, "&size=128&coords=1"), isMiss],
      ["start-like 8×8 miss, size=80, coordinates, count and a one-line caption", 60, 30, (n) => misses(n, "&size=80&coords=1&count=1&caption=%232"), isMiss],
      ["start-like 8×8 miss, size=128, coordinates and furniture (title, caption, count, highlights, arrows)", 60, 30, (n) => misses(n, "&size=128" + FURNITURE), isMiss],
      ["11×11 fairy board (the bench's), default size", 200, 30, (n) => same(n, diagram(FAIRY_11X11)), isMiss],
      ["16×16 board of 20 kinds of pieces, default size, coordinates (682 px)", 60, 10, (n) => same(n, diagram(BOARD_16X16, "&coords=1")), isMiss],
      ["32×32 board, a piece on every square, size=68 (2180 px)", 10, 3, (n) => same(n, diagram(FULL_32X32, "&size=68")), isMiss],
      ["32×32 mixed board (Bodlaender, extra colours, fairy), theme=brown&coords=1, size=67 (2178 px)", 10, 3, (n) => same(n, diagram(MIXED_32X32, "&dialect=bodlaender&theme=brown&coords=1&size=67")), isMiss],
      ["lichess link, start-like (/export/fen.gif: 90-px squares and coordinates, 760 px)", 100, 30, (n) => Array.from({ length: count(n) }, () => lichess(startLike())), isMiss],
      // Animations (docs/animation.md): lila-gif's 93-frame game at its 90-px squares, and a 20-move solution.
      ["lila-gif's game, 93 frames, size=90, brown, as GIF (/diagram.gif?moves=)", 8, 3, (n) => same(n, played("gif", LILA_GAME, LILA_LOOK)), isMiss],
      ["lila-gif's game, 93 frames, size=90, brown, as APNG (/diagram.png?moves=)", 8, 3, (n) => same(n, played("png", LILA_GAME, LILA_LOOK)), isMiss],
      ["lila-gif's game, 93 moves, default size, as APNG", 30, 10, (n) => same(n, played("png", moves(93), "")), isMiss],
      ["lila-gif's game, 93 moves, default size, as GIF", 30, 10, (n) => same(n, played("gif", moves(93), "")), isMiss],
      // The same with a new delay each request: a key this runtime has not met, so its replay's squares are not kept.
      ["lila-gif's game, 93 moves, default size, as APNG, a new delay each request", 30, 10, (n) => Array.from({ length: count(n) }, () => played("png", moves(93), "&delay=" + newDelay())), isMiss],
      ["lila-gif's game, 93 moves, default size, as GIF, a new delay each request", 30, 10, (n) => Array.from({ length: count(n) }, () => played("gif", moves(93), "&delay=" + newDelay())), isMiss],
      ["lila-gif's game as its POST /game.gif body (93 frames, the players' bars, coordinates)", 8, 3, (n) => same(n, game(93)), isMiss],
      ["lila-gif's game, its first 3 frames, POST /game.gif", 30, 5, (n) => same(n, game(3)), isMiss],
      ["lila-gif's game, its first frame, POST /game.gif", 30, 5, (n) => same(n, game(1)), isMiss],
      ["lila-gif's game, its first 2 moves, size=90, brown, as GIF", 30, 5, (n) => same(n, played("gif", LILA_GAME.split(" ").slice(0, 2).join(" "), LILA_LOOK)), isMiss],
      ["lila-gif's game, its first 2 moves, size=90, brown, as APNG", 30, 5, (n) => same(n, played("png", LILA_GAME.split(" ").slice(0, 2).join(" "), LILA_LOOK)), isMiss],
      ["start position as a still GIF, size=90, brown", 60, 10, (n) => same(n, diagram(START, LILA_LOOK).replace("/diagram.png?", "/diagram.gif?")), isMiss],
      // (Warmed by 120 requests: V8's TurboFan compiles the animation's functions on its helper threads within the
      // first hundred, which 30 left inside the row, 0.3 ms a request.)
      ["20-move solution, default size, as APNG", 60, 120, (n) => same(n, played("png", SOLUTION_20, "")), isMiss],
      ["20-move solution, default size, as GIF", 60, 120, (n) => same(n, played("gif", SOLUTION_20, "")), isMiss],
      // The largest animations the shipped 8 ms admits (`cost::tests::an_animation_costs_its_changes_and_the_free_plan_admits_short_ones`):
      // each should measure at most 5 ms here (the Free plan's 10 with a margin of 2 for the edge's machines), a new
      // delay each request (a new key: its replay's squares not kept, the most a client can make it cost).
      ["the Free plan's edge: 92 moves (the whole game), size=20, as APNG, a new delay each request", 30, 10, (n) => Array.from({ length: count(n) }, () => played("png", moves(92), "&size=20&delay=" + newDelay())), isMiss],
      ["the Free plan's edge: 92 moves (the whole game), size=20, as GIF, a new delay each request", 30, 10, (n) => Array.from({ length: count(n) }, () => played("gif", moves(92), "&size=20&delay=" + newDelay())), isMiss],
      ["the Free plan's edge: 78 moves, default size, as APNG, a new delay each request", 30, 10, (n) => Array.from({ length: count(n) }, () => played("png", moves(78), "&delay=" + newDelay())), isMiss],
      ["the Free plan's edge: 48 moves, default size, as GIF, a new delay each request", 30, 10, (n) => Array.from({ length: count(n) }, () => played("gif", moves(48), "&delay=" + newDelay())), isMiss],
      ["the Free plan's edge: 21 moves, size=90, as APNG, a new delay each request", 30, 10, (n) => Array.from({ length: count(n) }, () => played("png", moves(21), "&size=90&delay=" + newDelay())), isMiss],
      ["the Free plan's edge: 9 moves, size=90, as GIF, a new delay each request", 30, 10, (n) => Array.from({ length: count(n) }, () => played("gif", moves(9), "&size=90&delay=" + newDelay())), isMiss],
      ["the Free plan's edge: a still GIF, size=128", 30, 10, (n) => same(n, diagram(START, "&size=128").replace("/diagram.png?", "/diagram.gif?")), isMiss],
      ["the Free plan's edge: lila-gif's game, its first 7 frames, POST /game.gif", 30, 5, (n) => same(n, game(7)), isMiss],
      // The largest of each other kind the shipped 8 ms admits (a furnished still, new discs, a full board, words).
      ["the Free plan's edge: start-like, size=78, coordinates and furniture", 60, 30, (n) => misses(n, "&size=78" + FURNITURE), isMiss],
      // New discs at three sizes, each at the sprite budget (a disc is two sprites: its circle and its label). Warmed
      // by 40 requests of the same kind: with fewer, or warmed at another size, V8 compiles the drawing (or the
      // tiles' code search, at 64 px and more) on its helper threads during the row, 1–3 ms a request more.
      ["the Free plan's edge: 14 new lettered discs each request, size=23 (the sprite budget)", 30, 40, (n, runtime) => Array.from({ length: count(n) }, () => diagram(newDiscs(23, runtime, 14), "&size=23")), isMiss],
      // The same board of discs every request: the discs drawn once, so the row above minus this is the drawing.
      ["the Free plan's edge: 14 lettered discs drawn before, size=23", 60, 10, (n) => same(n, diagram(newDiscs(23, "again", 14), "&size=23")), isMiss],
      ["the Free plan's edge: 11 new lettered discs each request, default size (the sprite budget)", 30, 40, (n, runtime) => Array.from({ length: count(n) }, () => diagram(newDiscs(40, runtime, 11), "")), isMiss],
      ["the Free plan's edge: 5 new lettered discs each request, size=80 (the sprite budget)", 30, 40, (n, runtime) => Array.from({ length: count(n) }, () => diagram(newDiscs(80, runtime, 5), "&size=80")), isMiss],
      // The same as an animation: a move puts each disc (black ones: the hostile row below puts white ones).
      ["the Free plan's edge: 11 moves each putting a new disc, default size, as APNG (the sprite budget)", 24, 20, (n) => Array.from({ length: count(n) }, () => diagram("8/8/8/8/8/8/8/R7", "&moves=" + encodeURIComponent(newDiscMoves(11, "b")))), isMiss],
      ["the Free plan's edge: a full 24×24 board, default size", 30, 5, (n) => same(n, diagram(fullBoard(24))), isMiss],
      ["the words of a full 28×28 board as /diagram.json", 30, 5, (n) => same(n, diagram(fullBoard(28)).replace("/diagram.png?", "/diagram.json?")), isMiss],
      ["10×8 Capablanca board with drawn fairy glyphs (archbishop, chancellor), Bodlaender, default size", 200, 30, (n) => Array.from({ length: count(n) }, () => diagram(capablancaLike(), "&dialect=bodlaender")), isMiss],
      // What a hostile client sends: pieces the isolate has never drawn, on every request, and the largest answers.
      ["hostile: 64 new lettered discs each request, size=128", 20, 3, (n, runtime) => Array.from({ length: count(n) }, () => diagram(newDiscs(128, runtime), "&size=128")), isMiss],
      ["hostile: 64 new lettered discs each request, size=40", 60, 5, (n, runtime) => Array.from({ length: count(n) }, () => diagram(newDiscs(40, runtime), "")), isMiss],
      ["hostile: every glyph variant, size=120", 30, 5, (n) => same(n, diagram(ALL_GLYPHS, "&size=120")), isMiss],
      ["hostile: every glyph variant, size=127", 30, 5, (n) => same(n, diagram(ALL_GLYPHS, "&size=127")), isMiss],
      ["hostile: every glyph variant, size=128", 30, 5, (n) => same(n, diagram(ALL_GLYPHS, "&size=128")), isMiss],
      ["the Free plan's edge (the largest words): 32×32 board of queens and 64 arrows as /diagram.json", 30, 5, (n) => same(n, diagram(QUEENS_32X32, ARROWS_64).replace("/diagram.png?", "/diagram.json?")), isMiss],
      // Pieces drawn from their vectors at a size the runtime has not drawn them at (each of the 20 sizes once).
      ["hostile: start position, a new size each request (41 to 60)", 20, 19, (n) => Array.from({ length: count(n) }, (_, i) => diagram(START, "&size=" + (41 + (i % 20)))), isMiss, (n) => Array.from({ length: count(n) }, (_, i) => diagram(START, "&size=" + (21 + (i % 19))))],
      ["hostile: start position, size=90, a new light square colour each request", 30, 5, (n) => Array.from({ length: count(n) }, () => diagram(START, "&size=90&light=" + newLight())), isMiss],
      ["hostile: start position, size=128, a new light square colour each request", 30, 5, (n) => Array.from({ length: count(n) }, () => diagram(START, "&size=128&light=" + newLight())), isMiss],
      // Every glyph on new square colours: each of its 64 tiles new, at the largest size below the tiles' charge.
      ["hostile: every glyph variant, size=63, new square colours each request", 30, 5, (n) => Array.from({ length: count(n) }, () => diagram(ALL_GLYPHS, "&size=63&light=" + newLight() + "&dark=" + newLight())), isMiss],
      ["hostile: every glyph variant, size=40, new square colours each request", 30, 5, (n) => Array.from({ length: count(n) }, () => diagram(ALL_GLYPHS, "&light=" + newLight() + "&dark=" + newLight())), isMiss],
      ["hostile: start position, size=40, a new light square colour each request", 30, 5, (n) => Array.from({ length: count(n) }, () => diagram(START, "&light=" + newLight())), isMiss],
      // An animation's new tiles: its first frame's squares and each move's, tinted and then not (animation::new_tiles).
      ["hostile: lila-gif's first 6 moves, size=90, as APNG, a new light square colour each request", 30, 5, (n) => Array.from({ length: count(n) }, () => played("png", LILA_GAME.split(" ").slice(0, 6).join(" "), "&size=90&light=" + newLight())), isMiss],
      // A whole game on new square colours at the largest size once left uncharged: every move's tinted squares new.
      ["hostile: lila-gif's game, 93 moves, size=63, as APNG, new square colours each request", 10, 3, (n) => Array.from({ length: count(n) }, () => played("png", LILA_GAME, "&size=63&light=" + newLight() + "&dark=" + newLight())), isMiss],
      ["hostile: 14 moves each putting a new disc, default size, as APNG", 30, 5, (n) => Array.from({ length: count(n) }, () => diagram("8/8/8/8/8/8/8/R7", "&moves=" + encodeURIComponent(newDiscMoves()))), isMiss],
    ].filter(([request]) => request.includes("the floor") || (!ONLY_COLD && onlyRow(request)));
    const floorRows = new Map();
    const inTurn = [];
    for (const [request, n, warm, urls, check, warmUrls = urls] of rowDefs) {
      const warmUp = async (count) => {
        for (const [runtime, { worker }] of workers.entries()) await measure(worker, warmUrls(warm, runtime).slice(0, count), check);
      };
      if (request.includes("the floor")) {
        await warmUp(Math.max(3, Math.round(warm * SCALE)));
        for (const { build, worker } of workers) {
          const row = { build, request, ...(await measure(worker, urls(n), check)) };
          floorRows.set(build, row);
          note(row);
        }
        continue;
      }
      const runs = workers.map(({ worker }, runtime) => ({ worker, urls: urls(n, runtime) }));
      inTurn.push({ request, check, runs, warm: Math.max(3, Math.round(warm * SCALE)), warmUp });
    }
    for (const { request, measured } of await measureRowsInTurn(inTurn, FLOOR)) {
      for (const [i, { build }] of workers.entries()) note({ build, request, ...measured[i] });
    }
    await measureSetPairs(workers[0]);
    for (const { build, worker } of workers) {
      const again = await measure(worker, same(300, FLOOR), isStatus(400));
      floorRows.get(build).cpuMsAfter = again.cpuMs;
      console.error(`cost: [${build}] floor again at the end: ${again.cpuMs.toFixed(2)} ms CPU`);
    }
  } finally {
    for (const { worker } of workers) await worker.stop();
  }
  // This checkout's misses again without the cache lookup (FFEN_CACHE_READS=off): under wrangler dev the emulated
  // cache runs in workerd's process, so its lookup is counted above as the runtime's CPU; in workerd alone the lookup
  // throws (no cache) or is an HTTP subrequest to this process (COST_WORKERD_CACHE=empty); in production it is a
  // lookup in the edge cache. The difference is the lookup's share of a miss here; without it, the Worker's own work.
  const own = builds.find(({ root }) => root === ROOT);
  const noLookupRows = [
    ["the smallest miss, no cache lookup (FFEN_CACHE_READS=off)", 300, (n) => same(n, diagram("K", "&size=12"))],
    ["start-like 8×8 miss, default size (322 px), no cache lookup", 300, (n) => misses(n, "")],
    ["start-like 8×8 miss, size=90 (724 px), no cache lookup", 200, (n) => misses(n, "&size=90")],
    ["11×11 fairy board (the bench's), default size, no cache lookup", 200, (n) => same(n, diagram(FAIRY_11X11))],
    ["lila-gif's game, 93 moves, default size, as APNG, no cache lookup", 30, (n) => same(n, played("png", moves(93), ""))],
    ["lila-gif's game, 93 moves, default size, as GIF, no cache lookup", 30, (n) => same(n, played("gif", moves(93), ""))],
  ].filter(([request]) => onlyRow(request));
  if (own && !ONLY_COLD && noLookupRows.length) {
    const worker = await startWorker({ FFEN_CACHE_WRITES: "off", FFEN_CACHE_READS: "off", FFEN_MAX_IMAGE_PIXELS: String(BUILT_IN_PIXELS), FFEN_MAX_RENDER_MS: "30000" }, own.root);
    try {
      for (const [request, n, urls] of noLookupRows) {
        await measure(worker, urls(30).slice(0, Math.max(3, Math.round(30 * SCALE))), isMiss);
        note({ build: own.build, request, ...(await measureBesideFloor(worker, urls(n), FLOOR, isMiss)) });
      }
    } finally {
      await worker.stop();
    }
  }
  if (!ONLY_ROWS) for (const { root, build } of builds) await limitsAndCold(root, build);
}

// Each piece set's warm miss and cburnett's on the same runtime, in turns (eight blocks of each, one after the
// other, each beside its floor): the ratio docs/pieces.md ("Cost") asks for, side by side in one run, less exposed
// to what the machine does meanwhile than two rows measured one after the other. This checkout's build only.
const PIECE_SETS = ["chessnut", "celtic", "fantasy", "spatial", "rhosgfx", "shapes", "kiwen-suwi", "firi"];
const setPairs = [];
async function measureSetPairs({ build, worker }) {
  for (const [size, query] of [["default size", ""], ["size=90", "&size=90"]]) {
    let warmed = false;
    for (const set of PIECE_SETS) {
      const request = `a piece set beside cburnett, in turns, ${size}, piece=${set}`;
      if (ONLY_COLD || !onlyRow(request)) continue;
      // cburnett's misses at this size, untimed, before the first pair: with only the pair's own 30, the first
      // pair's cburnett blocks read 1.3-1.6x the later pairs' (the runtime's code for them still warming), and so
      // the first set's ratio too low.
      if (!warmed) await measure(worker, setMisses(120, query), isMiss);
      warmed = true;
      const lists = [query, `${query}&piece=${set}`].map((extra) => setMisses(240, extra));
      for (const urls of lists) await measure(worker, urls.slice(0, 30), isMiss);
      const runs = lists.map((urls) => ({ worker, urls: urls.slice(30) }));
      const [cburnett, other] = await measureBesideFloorInTurn(runs, FLOOR, isMiss, 8);
      const above = (r) => r.cpuMs - r.floorMs;
      setPairs.push({ request, cburnett: above(cburnett), set: above(other), n: other.n });
      console.error(`cost: [${build}] ${request}: ${above(other).toFixed(2)} ms beside ${above(cburnett).toFixed(2)} ms`);
    }
  }
}

function printSetPairs() {
  if (!setPairs.length) return;
  console.log("\npiece sets beside cburnett, in turns on one runtime (ms above the floor beside each block)\n");
  console.log("| request | requests each | cburnett | the set | ratio |");
  console.log("|---|---|---|---|---|");
  for (const p of setPairs) {
    const ms = (v) => `${v.toFixed(2)} ms`;
    console.log(`| ${p.request} | ${p.n} | ${ms(p.cburnett)} | ${ms(p.set)} | ${(p.set / p.cburnett).toFixed(2)} |`);
  }
}

async function limitsAndCold(root, build) {
  const tag = (row) => note({ ...row, build });
  let worker;
  // The largest pictures the limits of wrangler.toml allow (the default deployment, Free plan).
  worker = await startWorker({ FFEN_CACHE_WRITES: "off" }, root);
  try {
    await measure(worker, same(30, FLOOR), isStatus(400));
    const which = `the largest allowed by wrangler.toml (${wranglerLimits(root)})`;
    const boards = ONLY_COLD ? [] : [
      ["start-like 8×8 board, coordinates and furniture", null, FURNITURE],
      ["32×32 board, a piece on every square", FULL_32X32, ""],
      ["32×32 mixed board, theme=brown&coords=1", MIXED_32X32, "&dialect=bodlaender&theme=brown&coords=1"],
      ["32×32 mixed board, theme=print&coords=1", MIXED_32X32, "&dialect=bodlaender&theme=print&coords=1"],
    ];
    for (const [name, ffen, extra] of boards) {
      const size = await largestSize(worker, ffen ?? START, extra);
      if (size === null) {
        console.error(`cost: ${name}: refused at every size by ${wranglerLimits(root)}`);
        continue;
      }
      const urls = (n) => Array.from({ length: n }, () => diagram(ffen ?? startLike(), `${extra}&size=${size}`));
      await measure(worker, urls(3), isMiss);
      tag({ request: `${name}, size=${size}, ${which}`, ...(await measure(worker, urls(count(ffen ? 10 : 40)), isMiss)) });
    }
  } finally {
    await worker.stop();
  }

  // Cold: the first request of a freshly started runtime (new isolate: sprite cache empty, no code run yet), then a
  // second one in that runtime: the same URL again, or, after a first request that renders nothing, the first diagram.
  const NO_READS = { FFEN_CACHE_READS: "off" };
  const colds = [
    ["cold: the first request of a fresh runtime, 11×11 fairy board", diagram(FAIRY_11X11), diagram(FAIRY_11X11), isMiss],
    ["cold: the first request of a fresh runtime, start position, default size", diagram(START), diagram(START), isMiss],
    ["cold: the first request of a fresh runtime, a lichess link (/export/fen.gif, 760 px), then another position", lichess(START), lichess(startLike()), isMiss],
    ["cold: a fresh runtime's first request is a 400 (no rendering), the next the 11×11 board", FLOOR, diagram(FAIRY_11X11), isStatus(400)],
    // Every kind of glyph of janko's spec (turned, neutral, letters, numbers): its 28 sprites and 41 tiles new.
    ["cold: the first request of a fresh runtime, janko's example of every glyph, default size", diagram(JANKO_GLYPHS), diagram(JANKO_GLYPHS), isMiss],
    // The same without the cache lookup (FFEN_CACHE_READS=off): under wrangler dev the emulated cache is a worker
    // of its own in workerd's process, whose first use (compiling its code) counts as the runtime's CPU; in workerd
    // alone with no cache the lookup throws, and a process's first throw also reads the unwinder's tables; in
    // production the cache is a lookup at the edge, which cannot be measured here.
    ["cold, no cache lookup: the first request of a fresh runtime, 11×11 fairy board", diagram(FAIRY_11X11), diagram(FAIRY_11X11), isMiss, NO_READS],
    ["cold, no cache lookup: the first request of a fresh runtime, start position, default size", diagram(START), diagram(START), isMiss, NO_READS],
    ["cold, no cache lookup: the first request of a fresh runtime, a lichess link, then another position", lichess(START), lichess(startLike()), isMiss, NO_READS],
    ["cold, no cache lookup: a fresh runtime's first request is a 400, the next the 11×11 board", FLOOR, diagram(FAIRY_11X11), isStatus(400), NO_READS],
  ];
  for (const [name, firstUrl, nextUrl, expectFirst, vars = {}] of colds) {
    const runs = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      worker = await startWorker({ FFEN_CACHE_WRITES: "off", ...vars }, root);
      try {
        const firstRequest = await measure(worker, [firstUrl], expectFirst);
        const second = await measure(worker, [nextUrl], isMiss);
        runs.push({ first: firstRequest, second, readyMs: worker.readyMs, startCpuMs: worker.startCpuMs });
      } finally {
        await worker.stop();
      }
    }
    const med = (f) => median(runs.map(f));
    tag({
      request: name,
      n: runs.length,
      cpuMs: med((r) => r.first.cpuMs),
      helperMs: med((r) => r.first.helperMs),
      ticksCpuMs: med((r) => r.first.ticksCpuMs),
      wallMs: med((r) => r.first.wallMs),
      bytes: runs[0].first.bytes,
      secondCpuMs: med((r) => r.second.cpuMs),
      secondHelperMs: med((r) => r.second.helperMs),
      secondWallMs: med((r) => r.second.wallMs),
      startCpuMs: med((r) => r.startCpuMs),
      runs: runs.map((r) => ({
        cpuMs: r.first.cpuMs,
        helperMs: r.first.helperMs,
        wallMs: r.first.wallMs,
        secondCpuMs: r.second.cpuMs,
        readyMs: r.readyMs,
        startCpuMs: r.startCpuMs,
      })),
    });
  }
}

// Each row's units, the model from them under docs/cost.md's calibration, measured ÷ model and the band
// (scripts/calibration.mjs); COST_FIT=1 also prints the calibration fitted to this run.
function printCalibration(after) {
  for (const line of calibrationReport([after], path.join(ROOT, "docs/cost.md"), Boolean(process.env.COST_FIT))) console.log(line);
}

async function main() {
  console.error(`cost: load average ${load()} (${os.cpus().length} cores)`);
  const builds = [{ root: ROOT, build: "after" }];
  if (BEFORE) builds.unshift({ root: BEFORE, build: "before" });
  if (LILA_GIF) {
    const { still, game } = await lilaGif();
    note({ request: "lila-gif: start-like GIF, 720 px (its process, HTTP included)", build: "lila-gif", ...still });
    note({ request: "lila-gif: its 93-frame example game, /example.gif (its process, HTTP included)", build: "lila-gif", ...game });
  }
  await measureBuilds(builds);
  // Written before the tables: a report that fails (a calibration table edited during the run) keeps the run.
  if (process.env.COST_JSON) writeFileSync(process.env.COST_JSON, JSON.stringify({ load: load(), rows }, null, 2));

  const ms = (v) => `${v.toFixed(2)} ms`;
  const of = (build) => rows.filter((r) => r.build === build);
  const floorOf = (build) => of(build).find((r) => r.request.includes("the floor"));
  const floor = floorOf("after");
  const runtime = BARE ? `workerd alone (COST_RUNTIME=workerd), cache: ${WORKERD_CACHE}` : "under wrangler dev";
  console.log(`workerd CPU per request (scripts/cost, ${runtime}; load average at the end ${load()}, ${os.cpus().length} cores)\n`);
  console.log(`(† above the floor measured beside the row: ${BLOCKS} blocks of the row, each after 50 floor requests on the same runtime; the other rows are above the floor row)\n`);
  console.log(
    "| request | requests | workerd CPU per request | above the floor | of it on V8's helper threads | " +
      "above the floor without them | wall (median) | bytes | load average |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of [...of("after"), ...of("lila-gif")]) {
    const isFloor = r === floor;
    const cold = r.secondCpuMs !== undefined;
    const lila = r.build === "lila-gif";
    let cpuText = ms(r.cpuMs);
    if (r.cpuMsAfter !== undefined) cpuText += ` (${ms(r.cpuMsAfter)} at the end)`;
    if (cold) cpuText += `; the next request: ${ms(r.secondCpuMs)}; the runtime's start before them: ${ms(r.startCpuMs)}`;
    const [f, fHelper] = r.floorMs !== undefined ? [r.floorMs, r.floorHelperMs] : [floor.cpuMs, floor.helperMs];
    const above = isFloor || lila ? "—" : ms(r.cpuMs - f) + (r.floorMs !== undefined ? " †" : "");
    const aboveOwn = isFloor || lila ? "—" : ms(r.cpuMs - r.helperMs - (f - fHelper));
    let helper = lila ? "—" : ms(r.helperMs);
    if (cold) helper += `; next: ${ms(r.secondHelperMs)}`;
    let wall = ms(r.wallMs);
    if (cold) wall += `; next: ${ms(r.secondWallMs)}`;
    const n = cold ? `${r.n} fresh starts (median)` : String(r.n);
    console.log(`| ${r.request} | ${n} | ${cpuText} | ${above} | ${helper} | ${aboveOwn} | ${wall} | ${r.bytes ?? "—"} | ${r.load} |`);
  }
  printSetPairs();
  printCalibration(of("after"));
  if (BEFORE) {
    // Before and after side by side, each above its own run's floor (the second request of a cold row after "; ").
    const floorBefore = floorOf("before");
    const lila = of("lila-gif")[0];
    const key = (r) => r.request.replace(/, the largest allowed by wrangler\.toml.*$/, ", the largest wrangler.toml allows").replace(/size=\d+, the largest/, "the largest");
    console.log(`\nbefore (${BEFORE}) and after (${ROOT}), workerd CPU above each run's floor (floor ${ms(floorBefore.cpuMs)} / ${ms(floor.cpuMs)})` +
      (lila ? `; lila-gif's own CPU per 720-px GIF in the same run: ${ms(lila.cpuMs)}` : "") + "\n");
    console.log("| request | before | after | load average before / after |");
    console.log("|---|---|---|---|");
    const above = (r, f) => r === f ? "—" : ms(r.cpuMs - (r.floorMs ?? f.cpuMs)) + (r.floorMs !== undefined ? " †" : "") + (r.secondCpuMs !== undefined ? `; next ${ms(r.secondCpuMs - f.cpuMs)}` : "");
    for (const r of of("after")) {
      const b = of("before").find((x) => key(x) === key(r));
      const size = (x) => /size=(\d+), the largest/.exec(x.request)?.[1];
      const bText = b ? above(b, floorBefore) + (size(b) ? ` (size=${size(b)})` : "") : "—";
      const aText = above(r, floor) + (size(r) ? ` (size=${size(r)})` : "");
      console.log(`| ${key(r)} | ${bText} | ${aText} | ${b ? b.load : "—"} / ${r.load} |`);
    }
  }
}

await main();
