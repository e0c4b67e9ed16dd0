// V8 CPU profiles of requests inside workerd: a fresh `wrangler dev` runtime (FFEN_CACHE_WRITES=off), the sampling
// profiler of the Worker's isolate started through the inspector before each request and stopped after it, so the
// first profile is a fresh runtime's first request. What scripts/cost's cold rows measure as a total, this shows by
// function: the Worker's wasm, its JavaScript glue, and V8's own work (`(program)`: compiling, the runtime's native
// code; `(garbage collector)`).
//
//   node scripts/profile-workerd.mjs [--no-cache-reads] [--runs N] PATH...
//
// Each PATH (e.g. "/diagram.png?ffen=8/8/8/8/8/8/8/K7") is requested once, in order, on one fresh runtime; with --runs N the
// whole sequence is repeated on N fresh runtimes and the profiles of each position summed. --no-cache-reads runs
// with FFEN_CACHE_READS=off (no lookup in wrangler dev's emulated cache). Profiles are kept in
// target/workerd-profiles/ (open them in Chrome DevTools); the Worker's functions are named from the name section
// scripts/build keeps beside the module (build/index_bg.wasm.names). Only the Worker's isolate is profiled: miniflare's own
// workers (its entry proxy, the emulated cache) run in other isolates of the same workerd process, whose CPU
// scripts/cost counts but this does not.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT, spawnWranglerDev } from "../tests/e2e/harness.mjs";
import { strippedNames } from "./wasm-names.mjs";

// The Worker's function names, which scripts/build strips from the module and keeps beside it.
const NAMES = strippedNames(path.join(ROOT, "build", "index_bg.wasm"));

// Node 20 has WebSocket only behind a flag: run again with it.
if (typeof WebSocket === "undefined") {
  const child = spawn(process.execPath, ["--experimental-websocket", ...process.argv.slice(1)], { stdio: "inherit" });
  child.on("exit", (code) => process.exit(code ?? 1));
} else {
  await main();
}

async function main() {
  const argv = process.argv.slice(2);
  const readsOff = argv.includes("--no-cache-reads");
  const runsAt = argv.indexOf("--runs");
  const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : 1;
  const paths = argv.filter((a, i) => !a.startsWith("--") && !(runsAt >= 0 && i === runsAt + 1));
  if (!paths.length || !(runs >= 1)) {
    console.error("usage: node scripts/profile-workerd.mjs [--no-cache-reads] [--runs N] PATH...");
    process.exit(2);
  }
  const dir = path.join(ROOT, "target", "workerd-profiles");
  mkdirSync(dir, { recursive: true });
  const summed = paths.map(() => new Map());
  const walls = paths.map(() => []);
  for (let run = 0; run < runs; run++) {
    const worker = await start(readsOff);
    try {
      const inspector = await connect(worker.inspector);
      await inspector.post("Profiler.enable");
      await inspector.post("Profiler.setSamplingInterval", { interval: 50 });
      for (const [k, url] of paths.entries()) {
        await inspector.post("Profiler.start");
        const t = performance.now();
        const res = await fetch(worker.base + url, { headers: { accept: "*/*" } });
        const body = await res.arrayBuffer();
        walls[k].push(performance.now() - t);
        await sleep(50); // what runs after the answer (the glue's clean-up) is the request's too
        const { profile } = await inspector.post("Profiler.stop");
        writeFileSync(path.join(dir, `run${run}-request${k}.cpuprofile`), JSON.stringify(profile));
        console.error(`profile-workerd: run ${run}, request ${k}: ${res.status} ${res.headers.get("x-cache") ?? ""} ${body.byteLength} bytes`);
        addSelfTimes(summed[k], profile);
      }
      inspector.close();
    } finally {
      await worker.stop();
    }
  }
  for (const [k, url] of paths.entries()) {
    report(`request ${k + 1} of a fresh runtime${readsOff ? " (no cache lookup)" : ""}: ${url}`, summed[k], runs, walls[k]);
  }
}

// A fresh `wrangler dev` (tests/e2e/harness.mjs), its start-up over, with its inspector port.
async function start(readsOff) {
  const vars = { FFEN_CACHE_WRITES: "off", ...(readsOff ? { FFEN_CACHE_READS: "off" } : {}) };
  const worker = await spawnWranglerDev({ vars });
  await sleep(2000); // the start-up's own work (compiling the wasm, the warm-up) is over before the first request
  return { base: worker.base, inspector: worker.inspectorPort, stop: worker.stop };
}

// The inspector of the Worker's isolate, through wrangler's proxy (which wants an Origin header and answers each
// command with its id).
async function connect(port) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { origin: `http://127.0.0.1:${port}` } });
  const pending = new Map();
  let id = 0;
  ws.onmessage = (message) => {
    const data = JSON.parse(String(message.data));
    if (data.id !== undefined && pending.has(data.id)) {
      pending.get(data.id)(data.result ?? {});
      pending.delete(data.id);
    }
  };
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error(`no inspector on port ${port}`));
  });
  return {
    post: (method, params = {}) =>
      new Promise((resolve) => {
        pending.set(++id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

// Self time (µs) by function: wasm functions by name, JavaScript by name and script, V8's own as V8 names them.
function addSelfTimes(into, profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, i) => {
    const t = profile.timeDeltas[i + 1] ?? 0;
    const frame = byId.get(id).callFrame;
    const wasm = frame.url.startsWith("wasm://");
    const index = /^wasm-function\[(\d+)\]$/.exec(frame.functionName)?.[1];
    const name = wasm
      ? `wasm: ${NAMES.get(Number(index)) ?? frame.functionName.replace(/^\$/, "")}`
      : frame.url
        ? `js: ${frame.functionName || "(anonymous)"} (${frame.url.split("/").pop()}:${frame.lineNumber + 1})`
        : frame.functionName;
    into.set(name, (into.get(name) ?? 0) + t);
  });
}

function report(title, times, runs, walls) {
  const total = [...times.values()].reduce((a, b) => a + b, 0);
  const kinds = new Map();
  for (const [name, t] of times) {
    const kind = name.startsWith("wasm: ") ? "wasm (the Worker's Rust)" : name.startsWith("js: ") ? "JavaScript (glue, runtime's JS)" : name;
    kinds.set(kind, (kinds.get(kind) ?? 0) + t);
  }
  const ms = (t) => `${(t / 1000 / runs).toFixed(2)} ms`.padStart(9);
  const median = [...walls].sort((a, b) => a - b)[walls.length >> 1];
  console.log(`\n${title}\n  ${runs} run(s): ${ms(total)} sampled per run (idle included), wall ${median.toFixed(1)} ms (median)`);
  console.log("  by kind:");
  for (const [kind, t] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`    ${ms(t)}  ${kind}`);
  console.log("  top functions by self time (per run):");
  for (const [name, t] of [...times].filter(([n]) => n !== "(idle)").sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 20))) {
    console.log(`    ${ms(t)}  ${name.length > 140 ? name.slice(0, 137) + "…" : name}`);
  }
}
