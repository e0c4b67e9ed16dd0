// Two builds of the bench module (scripts/bench-wasm builds one: target/wasm32-unknown-unknown/release/examples/
// bench_wasm.wasm) timed side by side in one Node process, their calls interleaved in short blocks, so that a noisy
// machine slows both alike: the median time per call of each, and their ratio, for each case named.
//
//   node scripts/bench-wasm-ab.mjs A.wasm B.wasm "case name" ["case name"...] [--rounds 40] [--calls 10]
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

function instantiate(file) {
  const module = new WebAssembly.Module(readFileSync(file));
  const imports = {};
  for (const { module: from, name } of WebAssembly.Module.imports(module)) {
    imports[from] ??= {};
    imports[from][name] = () => {
      throw new Error(`the bench called the import ${from}.${name}`);
    };
  }
  return new WebAssembly.Instance(module, imports).exports;
}

function caseIndex(exports, wanted) {
  for (let i = 0; i < exports.bench_case_count(); i++) {
    const bytes = new Uint8Array(exports.memory.buffer, exports.bench_case_name_ptr(i), exports.bench_case_name_len(i));
    if (new TextDecoder().decode(bytes) === wanted) return i;
  }
  throw new Error(`no case named ${wanted}`);
}

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at < 0 ? fallback : Number(args.splice(at, 2)[1]);
};
const rounds = option("--rounds", 40);
const calls = option("--calls", 10);
const [a, b, ...cases] = args;
if (!a || !b || cases.length === 0) {
  console.error('usage: node scripts/bench-wasm-ab.mjs A.wasm B.wasm "case name"... [--rounds 40] [--calls 10]');
  process.exit(2);
}
const builds = [a, b].map((file) => ({ file, exports: instantiate(file) }));
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
for (const name of cases) {
  const runs = builds.map(({ exports }) => {
    const index = caseIndex(exports, name);
    for (let i = 0; i < 20; i++) exports.bench_run(index); // warm-up: caches filled, code optimised
    return { run: () => exports.bench_run(index), times: [], bytes: exports.bench_run(index) };
  });
  for (let r = 0; r < rounds; r++) {
    // Alternate which build goes first, so that neither always follows the other.
    for (const run of r % 2 === 0 ? runs : [...runs].reverse()) {
      for (let c = 0; c < calls; c++) {
        const t0 = performance.now();
        run.run();
        run.times.push((performance.now() - t0) * 1000);
      }
    }
  }
  const [ma, mb] = runs.map((run) => median(run.times));
  console.log(
    `${name}: A ${ma.toFixed(1)} µs (${runs[0].bytes} bytes), B ${mb.toFixed(1)} µs (${runs[1].bytes} bytes), ` +
      `B/A ${(mb / ma).toFixed(2)} (${rounds}×${calls} calls each, interleaved)`,
  );
}
