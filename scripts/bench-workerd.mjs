// The renderer's benchmark cases inside workerd, the runtime the Worker runs in, rather than in Node: the bench
// module of scripts/bench-wasm (examples/bench_wasm.rs) served by a Worker of its own, which runs one case a number
// of times per request. The CPU of the workerd process (all its threads, from /proc, as scripts/cost counts it) is
// read around each request.
//
//   node scripts/bench-workerd.mjs --wasm FILE [--case NAME]... [--only TEXT]... [--requests 40] [--calls 20]
//
// Two figures a case, medians over --requests turns of three requests (after as many to warm up):
// - back to back: --calls calls a request, the request's CPU divided by them. What Node's figures measure (the
//   case's data stays in the CPU's caches from one call to the next), in workerd's V8 (a newer one than Node 20's,
//   with the Workers runtime's memory settings);
// - one a request: one call a request, minus an empty request's CPU (the same Worker with no call). What a Worker's
//   miss pays for the drawing and coding, with the request's own work (the runtime's HTTP, JavaScript) between two
//   drawings (measured within 0.9–1.2× of back to back).
// The gap between either and Node's (scripts/bench-wasm.mjs) is the part of a workerd request's cost that a change
// measured in Node does not show: docs/cost.md, "Reading the figures".
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs as parseArgsOf } from "node:util";
import { freePort, ROOT } from "../tests/e2e/harness.mjs";

function parseArgs(argv) {
  const { values } = parseArgsOf({
    args: argv,
    options: {
      wasm: { type: "string" },
      case: { type: "string", multiple: true, default: [] },
      only: { type: "string", multiple: true, default: [] },
      requests: { type: "string", default: "40" },
      calls: { type: "string", default: "20" },
    },
  });
  const args = { wasm: values.wasm, cases: values.case, only: values.only, requests: Number(values.requests), calls: Number(values.calls) };
  if (!args.wasm) throw new Error("--wasm FILE is needed (scripts/bench-wasm builds it)");
  if (!(args.requests >= 5 && args.calls >= 1)) throw new Error("--requests needs at least 5, --calls at least 1");
  return args;
}

// The Worker: instantiates the bench module as scripts/bench-wasm.mjs does (its wasm-bindgen imports stubbed: the
// bench never calls them), lists the cases at `/cases`, and runs case `case` `calls` times at `/run`.
const WORKER = `import bench from "./bench.wasm";
const imports = {};
for (const { module: from, name } of WebAssembly.Module.imports(bench)) {
  imports[from] ??= {};
  imports[from][name] = () => { throw new Error("the bench called the import " + from + "." + name); };
}
const { exports } = new WebAssembly.Instance(bench, imports);
function names() {
  const decoder = new TextDecoder();
  return Array.from({ length: exports.bench_case_count() }, (_, i) =>
    decoder.decode(new Uint8Array(exports.memory.buffer, exports.bench_case_name_ptr(i), exports.bench_case_name_len(i))));
}
export default {
  fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "/cases") return Response.json(names());
    const index = Number(url.searchParams.get("case"));
    let bytes = 0;
    for (let i = 0; i < Number(url.searchParams.get("calls")); i++) bytes = exports.bench_run(index);
    return new Response(String(bytes));
  },
};
`;

// workerd with the bench Worker on a free port; the binary wrangler installs (scripts/setup).
async function start(wasm) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ffen-bench-workerd-"));
  copyFileSync(wasm, path.join(dir, "bench.wasm"));
  writeFileSync(path.join(dir, "index.js"), WORKER);
  const port = await freePort();
  writeFileSync(path.join(dir, "config.capnp"), `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "index.js", esModule = embed "index.js"), (name = "./bench.wasm", wasm = embed "bench.wasm") ],
  compatibilityDate = "2024-09-23",
);
`);
  const child = spawn(path.join(ROOT, "node_modules", ".bin", "workerd"), ["serve", path.join(dir, "config.capnp")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries++) {
    try {
      const names = await (await fetch(`${base}/cases`)).json();
      return { pid: child.pid, base, names, stop };
    } catch (error) {
      if (tries > 300 || child.exitCode !== null) {
        stop();
        throw new Error(`workerd did not serve the bench Worker: ${error}`);
      }
      await sleep(50);
    }
  }
}

// Nanoseconds of CPU of process `pid`, all its threads (schedstat's time on a CPU).
function cpuNs(pid) {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch { /* the thread ended */ }
  }
  return ns;
}

// The CPU (µs) of one request for `query`.
async function requestCpu(worker, query) {
  const before = cpuNs(worker.pid);
  const res = await fetch(`${worker.base}/run?${query}`);
  if (!res.ok) throw new Error(`${query}: ${res.status} ${await res.text()}`);
  await res.text();
  return (cpuNs(worker.pid) - before) / 1e3;
}

// Case `index` in turns of three requests (an empty one, one call, `calls` calls), `n` turns to warm up and `n`
// measured: the medians of the three. In turns, so that a change of the machine's speed during the run falls on all
// three alike.
async function measureCase(worker, index, n, calls) {
  const empty = [];
  const one = [];
  const back = [];
  for (let i = 0; i < 2 * n; i++) {
    const turn = [
      await requestCpu(worker, `case=${index}&calls=0`),
      await requestCpu(worker, `case=${index}&calls=1`),
      await requestCpu(worker, `case=${index}&calls=${calls}`),
    ];
    if (i < n) continue;
    empty.push(turn[0]);
    one.push(turn[1]);
    back.push(turn[2]);
  }
  return { empty: median(empty), one: median(one) - median(empty), back: median(back) / calls };
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const us = (v) => `${Math.round(v)}`.padStart(7);

const args = parseArgs(process.argv.slice(2));
const worker = await start(args.wasm);
try {
  const version = JSON.parse(readFileSync(path.join(ROOT, "node_modules", "workerd", "package.json"), "utf8")).version;
  const load = os.loadavg().map((l) => l.toFixed(2)).join(" ");
  console.log(`bench-workerd: workerd ${version}; load average ${load}; ${args.requests} turns a case after as many to warm up`);
  const filtered = args.only.length || args.cases.length;
  const chosen = [...worker.names.entries()].filter(
    ([, name]) => !filtered || args.only.some((text) => name.includes(text)) || args.cases.includes(name),
  );
  const unknown = args.cases.filter((name) => !worker.names.includes(name));
  if (unknown.length || !chosen.length) {
    throw new Error(`no such case: ${unknown.join("; ") || args.only.join("; ")} (node scripts/bench-wasm.mjs --wasm W --list)`);
  }
  for (const [index, name] of chosen) {
    const r = await measureCase(worker, index, args.requests, args.calls);
    console.log(
      `${name.padEnd(44)} back to back ${us(r.back)} µs a call   one a request ${us(r.one)} µs (${(r.one / r.back).toFixed(2)}×; ` +
        `an empty request ${Math.round(r.empty)} µs)`,
    );
  }
} finally {
  worker.stop();
}
