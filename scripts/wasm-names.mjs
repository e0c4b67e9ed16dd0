// Function names of a wasm module, for profiles: Rust symbols demangled, and the names of a module whose name
// section was stripped (scripts/strip-wasm-names.mjs keeps it beside the module as FILE.wasm.names).
import { existsSync, readFileSync } from "node:fs";

// Rust symbol names as readable paths: legacy `_ZN…E` mangling exactly (hash dropped), v0 `_R…` roughly (its
// identifiers in order), anything else unchanged.
export function demangle(symbol) {
  const idents = (body, stopAtE) => {
    const out = [];
    let i = 0;
    while (i < body.length) {
      if (stopAtE && body[i] === "E") break;
      const m = body.slice(i).match(/^(\d+)_?/);
      if (!m) { i++; continue; }
      const len = Number(m[1]);
      const start = i + m[0].length;
      if (len > 0 && start + len <= body.length && /[A-Za-z_$.]/.test(body[start])) {
        out.push(body.slice(start, start + len));
        i = start + len;
      } else {
        i = start;
      }
    }
    return out;
  };
  const unescape = (text) =>
    text
      .replace(/\$LT\$/g, "<").replace(/\$GT\$/g, ">").replace(/\$u20\$/g, " ").replace(/\$RF\$/g, "&")
      .replace(/\$BP\$/g, "*").replace(/\$C\$/g, ",").replace(/\$u7b\$/g, "{").replace(/\$u7d\$/g, "}")
      .replace(/\.\./g, "::").replace(/^_\$/, "$");
  if (symbol.startsWith("_ZN")) {
    const parts = idents(symbol.slice(3), true).filter((p) => !/^h[0-9a-f]{16}$/.test(p));
    return parts.map(unescape).join("::");
  }
  if (symbol.startsWith("_R")) return idents(symbol.slice(2), false).filter((p) => p.length > 1).join("::");
  // Already demangled (as rustc writes the name section): without the hash.
  return symbol.replace(/::h[0-9a-f]{16}$/, "");
}

/** An unsigned LEB128 number at `at` in `bytes`: its value and the index after it. */
export function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if ((byte & 0x80) === 0) return [value, at];
  }
}

// The function names (index → demangled name) of a `name` custom section as stripped from `wasm`
// (`wasm`.names), or an empty map if there is none.
export function strippedNames(wasm) {
  const names = new Map();
  const file = `${wasm}.names`;
  if (!existsSync(file)) return names;
  const bytes = readFileSync(file);
  // The section: id 0, its size, its name ("name"), then subsections (id, size, payload); 1 holds the functions'.
  let [, at] = readLeb(bytes, 1);
  const [nameLength, nameAt] = readLeb(bytes, at);
  at = nameAt + nameLength;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, payload] = readLeb(bytes, at + 1);
    if (id === 1) {
      let [count, p] = readLeb(bytes, payload);
      while (count-- > 0) {
        const [index, q] = readLeb(bytes, p);
        const [length, text] = readLeb(bytes, q);
        names.set(index, demangle(bytes.subarray(text, text + length).toString("utf8")));
        p = text + length;
      }
    }
    at = payload + size;
  }
  return names;
}
