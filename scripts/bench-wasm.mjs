// The renderer's benchmark cases inside V8 (the engine of workerd): loads the wasm module that `scripts/bench-wasm`
// builds from examples/bench_wasm.rs and times each case the way benches/render.rs does on the host (20 warm-up
// calls, then calls for at least --ms milliseconds and 20 runs; median, fastest, mean), timing every call with
// performance.now().
//
//   node scripts/bench-wasm.mjs --wasm FILE [--host FILE] [--only TEXT]... [--case NAME]... [--ms 500]
//       prints one line per case (the host bench's format), then, with --host (the output of
//       `cargo bench --bench render`), a table of the two medians side by side. --only keeps the cases whose name
//       contains one of the TEXTs, --case the cases named exactly NAME.
//   node scripts/bench-wasm.mjs --wasm FILE --list
//       the case names, one a line.
//   node scripts/bench-wasm.mjs --wasm FILE --first NAME [--runs 5]
//       a fresh isolate's first call, in --runs fresh Node processes: each compiles and instantiates the module and
//       runs case NAME once, then once more; prints the medians (milliseconds). --first-once NAME is one such process
//       (JSON out).
//   --profile DIR (with either of the above)
//       also writes a V8 CPU profile (50 µs sampling) of each timed case, started after the warm-up, or of each fresh
//       process's first two calls, to DIR.
//   [TOP=n] node scripts/bench-wasm.mjs --summarize FILE.cpuprofile...   (the n functions with most self time; 15)
//       where the time of profiled runs went: self time by function and by kind of work, over all the files.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { demangle } from "./wasm-names.mjs";

function parseArgs(argv) {
  const args = { only: [], cases: [], ms: 500, runs: 5, summarize: [] };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${key} needs a value`);
      return argv[++i];
    };
    switch (key) {
      case "--wasm": args.wasm = value(); break;
      case "--host": args.host = value(); break;
      case "--only": args.only.push(value()); break;
      case "--ms": args.ms = Number(value()); break;
      case "--case": args.cases.push(value()); break;
      case "--list": args.list = true; break;
      case "--first": args.first = value(); break;
      case "--first-once": args.firstOnce = value(); break;
      case "--runs": args.runs = Number(value()); break;
      case "--profile": args.profile = value(); break;
      case "--summarize":
        while (i + 1 < argv.length && !argv[i + 1].startsWith("--")) args.summarize.push(argv[++i]);
        break;
      default: throw new Error(`unknown argument ${key}`);
    }
  }
  return args;
}

// The module imports nothing of its own, but the library it links holds the Worker's wasm-bindgen glue, whose imports
// only wasm-bindgen's CLI would resolve: stubs that throw if the bench ever reached them (it does not).
function instantiate(bytes) {
  const t0 = performance.now();
  const module = new WebAssembly.Module(bytes);
  const t1 = performance.now();
  const imports = {};
  for (const { module: from, name, kind } of WebAssembly.Module.imports(module)) {
    if (kind !== "function") throw new Error(`unexpected ${kind} import ${from}.${name}`);
    imports[from] ??= {};
    imports[from][name] = () => {
      throw new Error(`the bench called the import ${from}.${name}`);
    };
  }
  const instance = new WebAssembly.Instance(module, imports);
  const t2 = performance.now();
  return { exports: instance.exports, compileMs: t1 - t0, instantiateMs: t2 - t1 };
}

function caseNames(exports) {
  const count = exports.bench_case_count();
  const names = [];
  for (let i = 0; i < count; i++) {
    const bytes = new Uint8Array(exports.memory.buffer, exports.bench_case_name_ptr(i), exports.bench_case_name_len(i));
    names.push(new TextDecoder().decode(bytes));
  }
  return names;
}

// CPU time of this thread in nanoseconds (/proc/thread-self/schedstat, as the host bench reads it), or null.
function threadCpuNs() {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]);
  } catch {
    return null;
  }
}

function timeCase(run, ms) {
  let bytes = 0;
  for (let i = 0; i < 20; i++) bytes = run();
  const times = [];
  const cpuStart = threadCpuNs();
  const start = performance.now();
  while (performance.now() - start < ms || times.length < 20) {
    const t = performance.now();
    run();
    times.push(performance.now() - t);
  }
  const cpuEnd = threadCpuNs();
  const cpu = cpuStart === null || cpuEnd === null ? null : (cpuEnd - cpuStart) / 1000 / times.length;
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return { median: times[times.length >> 1] * 1000, min: times[0] * 1000, mean: mean * 1000, cpu, runs: times.length, bytes };
}

const us = (v) => v.toFixed(1).padStart(8);

// The V8 sampling profiler of this process, started and stopped around the work to look at.
async function profiler(dir) {
  if (!dir) return { start: async () => {}, stop: async () => {} };
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 50 });
  return {
    start: () => session.post("Profiler.start"),
    stop: async (name) => {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(path.join(dir, `${name.replace(/[^A-Za-z0-9]+/g, "-")}.cpuprofile`), JSON.stringify(profile));
    },
  };
}

// `name   median X µs   min …   (N runs, B bytes)` lines of `cargo bench --bench render`.
function readHost(file) {
  const host = new Map();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = line.match(/^(.*?)\s+median\s+([\d.]+) µs\s+min\s+([\d.]+) µs/);
    if (!m) continue;
    const cpu = line.match(/cpu\s+([\d.]+) µs/);
    const bytes = line.match(/, (\d+) bytes\)$/);
    host.set(m[1], {
      median: Number(m[2]),
      min: Number(m[3]),
      cpu: cpu ? Number(cpu[1]) : null,
      bytes: bytes ? Number(bytes[1]) : null,
    });
  }
  return host;
}

async function bench(args) {
  const { exports } = instantiate(readFileSync(args.wasm));
  const names = caseNames(exports);
  const results = [];
  const prof = await profiler(args.profile);
  for (const [index, name] of names.entries()) {
    const filtered = args.only.length || args.cases.length;
    if (filtered && !args.only.some((text) => name.includes(text)) && !args.cases.includes(name)) continue;
    const run = () => exports.bench_run(index);
    if (args.profile) for (let i = 0; i < 20; i++) run();
    await prof.start();
    const r = timeCase(run, args.ms);
    await prof.stop(name);
    results.push({ name, ...r });
    console.log(
      `${name.padEnd(44)} median ${us(r.median)} µs   min ${us(r.min)} µs   mean ${us(r.mean)} µs   ` +
        `cpu ${r.cpu === null ? "       —" : us(r.cpu)} µs   (${r.runs} runs, ${r.bytes} bytes)`,
    );
  }
  if (!args.host) return;
  const host = readHost(args.host);
  // CPU per call is the figure to compare on a shared machine; the fastest call shows the same without preemption.
  console.log(
    "\n| case | host: CPU per call (fastest call) | wasm in V8: CPU per call (fastest call) | wasm / host (CPU) | bytes |",
  );
  console.log("|---|---|---|---|---|");
  const ms = (v) => (v === null ? "—" : v >= 1000 ? `${(v / 1000).toFixed(2)} ms` : `${Math.round(v)} µs`);
  for (const r of results) {
    const h = host.get(r.name);
    const same = !h || h.bytes === null ? "" : h.bytes === r.bytes ? " (= host)" : ` (host: ${h.bytes})`;
    const ratio = h && h.cpu && r.cpu ? `${(r.cpu / h.cpu).toFixed(1)}×` : "—";
    console.log(
      `| ${r.name} | ${h ? `${ms(h.cpu)} (${ms(h.min)})` : "—"} | ${ms(r.cpu)} (${ms(r.min)}) | ${ratio} | ${r.bytes}${same} |`,
    );
  }
}

async function firstOnce(args) {
  const bytesOfModule = readFileSync(args.wasm);
  const prof = await profiler(args.profile);
  const { exports, compileMs, instantiateMs } = instantiate(bytesOfModule);
  // Building the case list parses the positions and draws nothing, so the sprite cache is still empty. The profile
  // covers the two calls only (compiling and instantiating are timed above).
  const index = caseNames(exports).indexOf(args.firstOnce);
  if (index < 0) throw new Error(`no case is named ${JSON.stringify(args.firstOnce)}`);
  await prof.start();
  const processCpu = process.cpuUsage();
  const c0 = threadCpuNs();
  const t0 = performance.now();
  const bytes = exports.bench_run(index);
  const t1 = performance.now();
  const c1 = threadCpuNs();
  const p1 = process.cpuUsage(processCpu);
  exports.bench_run(index);
  const t2 = performance.now();
  const c2 = threadCpuNs();
  await prof.stop(`first-${process.pid}`);
  console.log(
    JSON.stringify({
      compileMs,
      instantiateMs,
      firstMs: t1 - t0,
      firstCpuMs: (c1 - c0) / 1e6,
      firstProcessCpuMs: (p1.user + p1.system) / 1000,
      secondMs: t2 - t1,
      secondCpuMs: (c2 - c1) / 1e6,
      bytes,
    }),
  );
}

function first(args) {
  const runs = [];
  for (let i = 0; i < args.runs; i++) {
    // Node's own flags (e.g. --cpu-prof) go to the children too.
    const child = [process.argv[1], "--wasm", args.wasm, "--first-once", args.first];
    if (args.profile) child.push("--profile", args.profile);
    const out = execFileSync(process.execPath, child);
    runs.push(JSON.parse(out.toString()));
  }
  const med = (key) => {
    const values = runs.map((r) => r[key]).sort((a, b) => a - b);
    return values[values.length >> 1];
  };
  const ms = (v) => `${v.toFixed(2)} ms`;
  console.log(
    `${args.first}, fresh instance (median of ${runs.length} processes): compile ${ms(med("compileMs"))}, ` +
      `instantiate ${ms(med("instantiateMs"))}; first call ${ms(med("firstMs"))} ` +
      `(CPU: ${ms(med("firstCpuMs"))} on its thread, ${ms(med("firstProcessCpuMs"))} in the whole process, V8's ` +
      `compiler threads included); second call ${ms(med("secondMs"))} (CPU ${ms(med("secondCpuMs"))})`,
  );
}

// Kinds of work, by the Rust path of the function a sample was in (the wasm's name section; LTO inlines small
// functions into their callers, so e.g. fill_rect and blend_sprite count as render_image).
const KINDS = [
  ["deflate (zlib-rs, flate2)", /^(zlib_rs|flate2|miniz_oxide|fdeflate)::/],
  ["checksums (adler32, crc32)", /adler|crc32/i],
  ["PNG encoder (png crate: chunks, filters, row copies)", /^<?png::/],
  ["encode:: (our deflate, PNG, APNG and GIF encoders)", /^ffen_diagram::encode::/],
  ["render_image (fill + sprite compositing, inlined)", /^ffen_diagram::draw::(render|indexed)::/],
  ["sprite drawing (tiny-skia rasteriser)", /tiny_skia/],
  ["sprites derived / cache (sprite.rs)", /^ffen_diagram::draw::sprite::/],
  ["text (fontdue)", /fontdue|^ffen_diagram::draw::text::/],
  ["memcpy / memset / memmove", /^(memcpy|memset|memmove|memcmp|compiler_builtins)/],
  ["allocator", /dlmalloc|__rust_alloc|__rust_dealloc|__rust_realloc|^alloc::/],
  ["parsing, options, bench glue", /ffen_diagram|bench_|core::|std::/],
];

function summarize(files) {
  const byFunction = new Map();
  let total = 0;
  let wasmTotal = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, "utf8"));
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    // Sample i lasted from its time stamp to the next one.
    profile.samples.forEach((id, i) => {
      const t = profile.timeDeltas[i + 1] ?? 0;
      const frame = byId.get(id).callFrame;
      const isWasm = frame.url.startsWith("wasm://");
      const name = isWasm ? demangle(frame.functionName.replace(/^\$/, "")) : `js: ${frame.functionName || "(anonymous)"}`;
      const entry = byFunction.get(name) ?? { t: 0, isWasm };
      entry.t += t;
      byFunction.set(name, entry);
      total += t;
      if (isWasm) wasmTotal += t;
    });
  }
  const kinds = new Map();
  for (const [name, { t, isWasm }] of byFunction) {
    let kind = isWasm ? "other wasm" : /^js: \((idle|program|garbage collector)\)$/.test(name) ? "V8 / idle" : "JavaScript (the timing loop)";
    if (isWasm) for (const [k, re] of KINDS) if (re.test(name)) { kind = k; break; }
    kinds.set(kind, (kinds.get(kind) ?? 0) + t);
  }
  const pct = (t, of) => ((100 * t) / of).toFixed(1).padStart(5) + " %";
  console.log(`${files.length} profile(s): ${(total / 1000).toFixed(0)} ms sampled, ${(wasmTotal / 1000).toFixed(1)} ms in wasm`);
  console.log("  by kind of work (share of the time in wasm):");
  for (const [kind, t] of [...kinds].sort((a, b) => b[1] - a[1])) {
    if (kind === "V8 / idle" || kind === "JavaScript (the timing loop)") continue;
    console.log(`    ${pct(t, wasmTotal)}  ${kind}`);
  }
  console.log("  top functions by self time (share of the time in wasm):");
  for (const [name, { t }] of [...byFunction].filter(([, e]) => e.isWasm).sort((a, b) => b[1].t - a[1].t).slice(0, Number(process.env.TOP ?? 15))) {
    console.log(`    ${pct(t, wasmTotal)}  ${name}`);
  }
}

const args = parseArgs(process.argv.slice(2));
if (args.summarize.length) summarize(args.summarize);
else if (!args.wasm) throw new Error("--wasm FILE is needed");
else if (args.list) for (const name of caseNames(instantiate(readFileSync(args.wasm)).exports)) console.log(name);
else if (args.firstOnce) await firstOnce(args);
else if (args.first) first(args);
else await bench(args);
