//! The renderer's benchmark cases (`benches/shared/cases.rs`) as a WebAssembly module for V8: built by
//! `scripts/bench-wasm` for `wasm32-unknown-unknown` with the Worker's release profile and flags, then timed by
//! `scripts/bench-wasm.mjs` in Node. Not part of the Worker's wasm (an example target; the Worker is the library).
//!
//! Plain `extern "C"` exports and no clock inside: the JavaScript side times each call with `performance.now()`,
//! so the module needs no imports of its own.

#[path = "../benches/shared/cases.rs"]
mod cases;

use std::sync::OnceLock;

fn all() -> &'static [cases::Case] {
    static CASES: OnceLock<Vec<cases::Case>> = OnceLock::new();
    CASES.get_or_init(cases::all)
}

/// How many cases there are. The first call also builds them (parses the positions, draws the pictures that the
/// encode-only cases encode).
#[no_mangle]
pub extern "C" fn bench_case_count() -> u32 {
    all().len() as u32
}

/// The address of case `index`'s name (UTF-8, [`bench_case_name_len`] bytes), or null past the last case.
#[no_mangle]
pub extern "C" fn bench_case_name_ptr(index: u32) -> *const u8 {
    all().get(index as usize).map_or(std::ptr::null(), |case| case.name.as_ptr())
}

/// The length in bytes of case `index`'s name.
#[no_mangle]
pub extern "C" fn bench_case_name_len(index: u32) -> u32 {
    all().get(index as usize).map_or(0, |case| case.name.len() as u32)
}

/// Runs case `index` once; returns the bytes it produced (the PNG's length), 0 for no such case.
#[no_mangle]
pub extern "C" fn bench_run(index: u32) -> u32 {
    all().get(index as usize).map_or(0, |case| case.run() as u32)
}
