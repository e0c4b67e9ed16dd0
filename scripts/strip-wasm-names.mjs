// Removes the `name` custom section (function names for stack traces) from a wasm file, in place, and nothing else.
// Why: it is about 40 KB of the gzipped Worker (docs/cost.md, "wasm size") and costs nothing at run time; panics
// abort, so only the names in rare stack traces are lost. Not `strip = "symbols"` in the release profile: that also
// drops the `target_features` section, and wasm-bindgen then emits different glue.
// The section removed is written to FILE.wasm.names (the whole section, as it stood), for tools that name the
// functions of a profile of the stripped module (scripts/profile-workerd.mjs): the functions' indices do not change.
// Usage: node scripts/strip-wasm-names.mjs FILE.wasm
import { readFileSync, writeFileSync } from "node:fs";
import { readLeb } from "./wasm-names.mjs";

const file = process.argv[2];
if (!file) throw new Error("usage: strip-wasm-names.mjs FILE.wasm");
const bytes = readFileSync(file);
const header = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
if (!header.every((b, i) => bytes[i] === b)) throw new Error(`${file}: not a wasm module (version 1)`);
const kept = [bytes.subarray(0, 8)];
let removed = 0;
const names = [];
let at = 8;
while (at < bytes.length) {
  const start = at;
  const id = bytes[at++];
  const [size, payload] = readLeb(bytes, at);
  const end = payload + size;
  if (end > bytes.length) throw new Error(`${file}: section at byte ${start} runs past the end`);
  let name = null;
  if (id === 0) {
    const [length, text] = readLeb(bytes, payload);
    name = bytes.subarray(text, text + length).toString("utf8");
  }
  if (name === "name") {
    removed += end - start;
    names.push(bytes.subarray(start, end));
  } else kept.push(bytes.subarray(start, end));
  at = end;
}
writeFileSync(file, Buffer.concat(kept));
if (names.length) writeFileSync(`${file}.names`, Buffer.concat(names));
console.log(`strip-wasm-names: ${file}: removed ${removed} bytes (the name section)`);
