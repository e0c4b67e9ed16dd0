// Starts the Worker under `wrangler dev` (the real workerd runtime, Cache API emulated) for end-to-end and browser
// tests: loopback only, a free port, a fresh --persist-to directory (no stale cache entries), the prebuilt bundle
// (FFEN_SKIP_BUILD=1: scripts/test builds once before the node tests). Or the bundle `wrangler deploy` would upload,
// served by workerd alone (`startBareWorkerd`: no wrangler dev; no cache, or an empty one).
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A free TCP port on 127.0.0.1. */
export async function freePort() {
  return (await freePorts(1))[0];
}

/**
 * `n` different free TCP ports on 127.0.0.1: each held open until all are chosen (one at a time, the system could
 * give the same port twice). A port can still be taken by someone else before its user binds it: see
 * {@link portLost}.
 */
export async function freePorts(n) {
  const servers = [];
  try {
    for (let i = 0; i < n; i++) {
      const server = net.createServer();
      server.unref();
      servers.push(server);
      await new Promise((resolve, reject) => {
        server.on("error", reject);
        server.listen(0, "127.0.0.1", resolve);
      });
    }
    return servers.map((server) => server.address().port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(() => resolve()))));
  }
}

/** Whether `wrangler dev`'s output says a port it was given was taken meanwhile (then start it again). */
export function portLost(output) {
  return /Address already in use|EADDRINUSE/.test(output);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `start()`, again (three times at most) while it fails because a port chosen free was taken before it was bound. */
async function startedAgainIfPortLost(start) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (!(error.portLost && attempt < 3)) throw error;
    }
  }
}

/**
 * Spawns `wrangler dev` on the built bundle of the checkout `root` (loopback, free ports, a fresh --persist-to
 * directory: no stale cache entries) and waits until it says it is ready, without sending a request (a first request
 * would warm the isolate, which scripts/cost and scripts/profile-workerd measure cold). `vars` override
 * wrangler.toml's `[vars]` (`--var KEY:VALUE`). Its own process group, so `stop()` ends workerd too. Started again
 * if a port chosen free was taken before wrangler bound it. `onSpawn(pid)` is told each process group as it starts
 * (to end it if the caller is interrupted before this returns).
 * @returns {Promise<{base: string, pid: number, inspectorPort: number, stop: () => Promise<void>, readyMs: number, output: () => string}>}
 */
export async function spawnWranglerDev({ root = ROOT, vars = {}, timeoutMs = 120_000, onSpawn = () => {} } = {}) {
  return startedAgainIfPortLost(() => spawnWranglerDevOnce(root, vars, timeoutMs, onSpawn));
}

async function spawnWranglerDevOnce(root, vars, timeoutMs, onSpawn) {
  const [port, inspectorPort] = await freePorts(2);
  const persist = mkdtempSync(path.join(os.tmpdir(), "ffen-wrangler-"));
  const t0 = performance.now();
  const child = spawn(
    path.join(root, "node_modules", ".bin", "wrangler"),
    [
      "dev",
      "--ip", "127.0.0.1",
      "--port", String(port),
      "--inspector-port", String(inspectorPort),
      "--persist-to", persist,
      "--show-interactive-dev-session=false",
      "--log-level", "info", // (it says "Ready on" at this level)
      ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        FFEN_SKIP_BUILD: "1",
        WRANGLER_SEND_METRICS: "false",
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        NO_UPDATE_NOTIFIER: "1",
        CI: "true",
      },
    },
  );
  onSpawn(child.pid);
  let output = "";
  const keep = (chunk) => {
    output += chunk;
    if (output.length > 20_000) output = output.slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = null;
  const exitPromise = new Promise((resolve) => child.on("exit", (code, signal) => {
    exited = { code, signal };
    resolve();
  }));
  const stop = async () => {
    if (exited === null) {
      try { process.kill(-child.pid, "SIGTERM"); } catch { /* already gone */ }
      const timer = setTimeout(() => { try { process.kill(-child.pid, "SIGKILL"); } catch { /* gone */ } }, 5_000);
      await exitPromise;
      clearTimeout(timer);
    }
    rmSync(persist, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (!/Ready on/.test(output)) {
    if (exited !== null || Date.now() > deadline) {
      await stop();
      const error = new Error(`wrangler dev did not get ready (${JSON.stringify(exited)}):\n${output.slice(-4000)}`);
      error.portLost = portLost(output);
      throw error;
    }
    await sleep(50);
  }
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    inspectorPort,
    stop,
    readyMs: performance.now() - t0,
    output: () => output,
  };
}

/**
 * Spawns `wrangler dev` on the built bundle ({@link spawnWranglerDev}) and waits until it answers. `vars` override
 * wrangler.toml's `[vars]`.
 * @returns {Promise<{base: string, stop: () => Promise<void>}>}
 */
export async function startWorker({ timeoutMs = 90_000, vars = {} } = {}) {
  const worker = await spawnWranglerDev({ vars, timeoutMs });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${worker.base}/`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status < 500) return { base: worker.base, stop: worker.stop };
    } catch { /* not up yet */ }
    if (Date.now() > deadline) {
      await worker.stop();
      throw new Error(`wrangler dev did not answer within ${timeoutMs} ms:\n${worker.output()}`);
    }
    await sleep(250);
  }
}

const bundles = new Map();

/**
 * The bundle `wrangler deploy` would upload for the checkout `root` (`wrangler deploy --dry-run --outdir`, from the
 * built bundle), made once per process: its directory and the file name of its wasm module.
 * @returns {{dir: string, wasm: string}}
 */
export function deployBundle(root = ROOT) {
  if (!bundles.has(root)) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ffen-bundle-"));
    execFileSync(path.join(root, "node_modules", ".bin", "wrangler"), ["deploy", "--dry-run", "--outdir", dir], {
      cwd: root,
      env: { ...process.env, FFEN_SKIP_BUILD: "1", CI: "true", WRANGLER_SEND_METRICS: "false" },
      stdio: "ignore",
    });
    const files = readdirSync(dir);
    const wasm = files.find((file) => file.endsWith(".wasm"));
    if (!files.includes("index.js") || !wasm) throw new Error(`wrangler deploy --dry-run made ${files.join(", ")}`);
    bundles.set(root, { dir, wasm });
  }
  return bundles.get(root);
}

/** wrangler.toml's `[vars]` of `root` (its `NAME = "value"` lines), as wrangler gives them to the Worker. */
export function tomlVars(root = ROOT) {
  const vars = {};
  let inVars = false;
  for (const line of readFileSync(path.join(root, "wrangler.toml"), "utf8").split("\n")) {
    if (/^\s*\[/.test(line)) inVars = /^\s*\[vars\]\s*$/.test(line);
    const m = inVars && /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*"?([^"#]*?)"?\s*(#.*)?$/.exec(line);
    if (m) vars[m[1]] = m[2];
  }
  return vars;
}

/**
 * Serves the deploy bundle of `root` ({@link deployBundle}) in workerd alone, the binary wrangler ships: one HTTP
 * socket on a free port, wrangler.toml's `[vars]` with `vars` over them, its compatibility date; no wrangler dev
 * (whose own workers sit in front of the Worker). Ready when the socket accepts a connection: no request is sent (a
 * first request would warm the isolate). Started again if its port was taken meanwhile; `onSpawn(pid)` as for
 * {@link spawnWranglerDev}.
 *
 * `cache`: `"none"` (the default) configures no cache, so every Cache API call of the Worker throws ("No Cache was
 * configured") and the Worker answers as after a failed lookup: every diagram a miss. `"empty"` gives the Worker a
 * cache that holds nothing, served by this process ({@link emptyCache}): a lookup is a subrequest answered "miss",
 * a put one answered "stored", as a miss goes in production (`COST_WORKERD_CACHE=empty bash scripts/cost` measures
 * with it). The throw of `"none"` (a C++ exception and a JavaScript error with its stack) costs a miss 0.08–0.3 ms
 * that no deployment pays (docs/cost.md, "scripts/cost").
 *
 * `v8Flags`: V8 flags for workerd (its config's `v8Flags`), for measuring only: `["--perf-basic-prof"]` names the
 * JIT code for `perf record -p <pid>`, `["--trace-wasm-compilation-times"]` prints each wasm function's tier-up
 * (docs/cost.md, "Inside workerd with perf").
 * @returns {Promise<{base: string, pid: number, stop: () => Promise<void>, readyMs: number, output: () => string,
 *   cacheRequests: () => {method: string, url: string}[]}>} (`cacheRequests`: what the empty cache was asked)
 */
export async function startBareWorkerd({
  root = ROOT,
  vars = {},
  timeoutMs = 60_000,
  onSpawn = () => {},
  cache = "none",
  v8Flags = [],
} = {}) {
  if (cache !== "none" && cache !== "empty") throw new Error(`cache: "none" or "empty", not ${JSON.stringify(cache)}`);
  return startedAgainIfPortLost(() => startBareWorkerdOnce({ root, vars, timeoutMs, onSpawn, cache, v8Flags }));
}

/**
 * A cache service for workerd's Cache API (its `cacheApiOutbound`) that holds nothing: a lookup (`GET`) is answered
 * `Cf-Cache-Status: MISS`, a put (`PUT`, the body read and dropped) `204`, a delete (`PURGE`) `404`, as workerd
 * expects of a cache service. On a free port of 127.0.0.1; `requests` lists what it was asked, in order.
 * @returns {Promise<{port: number, requests: {method: string, url: string}[], close: () => Promise<void>}>}
 */
async function emptyCache() {
  const requests = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method, url: req.url });
    req.resume();
    req.on("end", () => {
      const status = { GET: 200, PUT: 204, PURGE: 404 }[req.method] ?? 405;
      res.writeHead(status, req.method === "GET" ? { "cf-cache-status": "MISS" } : {});
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: server.address().port, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function startBareWorkerdOnce({ root, vars, timeoutMs, onSpawn, cache, v8Flags }) {
  const { dir, wasm } = deployBundle(root);
  const port = await freePort();
  const cacheServer = cache === "empty" ? await emptyCache() : null;
  try {
    return await serveBundle({ root, vars, timeoutMs, onSpawn, v8Flags, dir, wasm, port, cacheServer });
  } catch (error) {
    await cacheServer?.close(); // (else its socket would keep the test process alive)
    throw error;
  }
}

async function serveBundle({ root, vars, timeoutMs, onSpawn, v8Flags, dir, wasm, port, cacheServer }) {
  const text = (value) => JSON.stringify(String(value));
  const bindings = Object.entries({ ...tomlVars(root), ...vars }).map(([name, value]) => `(name = ${text(name)}, text = ${text(value)})`);
  const date = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(readFileSync(path.join(root, "wrangler.toml"), "utf8"))?.[1];
  if (!date) throw new Error("wrangler.toml has no compatibility_date");
  const config = path.join(dir, `config-${port}.capnp`);
  const cacheService = cacheServer
    ? `,\n    (name = "cache", external = (address = "127.0.0.1:${cacheServer.port}", http = ()))`
    : "";
  writeFileSync(config, `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker)${cacheService}
  ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
  v8Flags = [ ${v8Flags.map(text).join(", ")} ],
);
const worker :Workerd.Worker = (
  modules = [
    (name = "index.js", esModule = embed "index.js"),
    (name = ${text(wasm)}, wasm = embed ${text(wasm)}),
  ],
  compatibilityDate = ${text(date)},
  bindings = [ ${bindings.join(", ")} ],${cacheServer ? '\n  cacheApiOutbound = "cache",' : ""}
);
`);
  // (The workerd package's binary for this platform, installed with wrangler.)
  const workerd = path.join(root, "node_modules", ".bin", "workerd");
  const t0 = performance.now();
  // Its own process group, like wrangler dev's, so that scripts/cost finds its threads by group.
  const child = spawn(workerd, ["serve", config], { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  onSpawn(child.pid);
  let output = "";
  let exited = null;
  child.stdout.on("data", (chunk) => { output += chunk; });
  child.stderr.on("data", (chunk) => { output += chunk; });
  const exit = new Promise((resolve) => child.on("exit", (code, signal) => { exited = { code, signal }; resolve(); }));
  const stop = async () => {
    if (exited === null) {
      try { process.kill(-child.pid, "SIGKILL"); } catch { /* gone */ }
      await exit;
    }
    rmSync(config, { force: true });
    await cacheServer?.close();
  };
  const deadline = Date.now() + timeoutMs;
  while (!(await accepts(port))) {
    if (exited !== null || Date.now() > deadline) {
      await stop();
      const error = new Error(`workerd did not listen (${JSON.stringify(exited)}):\n${output.slice(-4000)}`);
      error.portLost = portLost(output) || /address already in use/i.test(output);
      throw error;
    }
    await sleep(20);
  }
  const cacheRequests = () => [...(cacheServer?.requests ?? [])];
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop, readyMs: performance.now() - t0, output: () => output, cacheRequests };
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => { socket.destroy(); resolve(true); });
    socket.once("error", () => resolve(false));
  });
}

/**
 * The golden cases of tests/golden/cases.tsv: name, dialect, options as [key, value] pairs, FFEN, and the modern
 * route's query that asks for the case.
 * @returns {{name: string, dialect: string, pairs: string[][], ffen: string, query: string}[]}
 */
export function goldenCases() {
  return readFileSync(path.join(ROOT, "tests/golden/cases.tsv"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => {
      const [name, dialect, options, ffen] = line.split("\t");
      const pairs = options === "-" ? [] : options.split("&").map((pair) => pair.split("="));
      const query = [["ffen", ffen], ["dialect", dialect], ...pairs].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
      return { name, dialect, pairs, ffen, query };
    });
}
