# Sourced by the scripts in this folder: the paths and settings every build and test step shares.
# shellcheck shell=bash
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$CARGO_BIN:$ROOT/node_modules/.bin:$PATH"
# The exact wasm-bindgen version Cargo.lock resolved (Cargo.toml pins it with "=").
WASM_BINDGEN_VERSION="$(awk '$0=="name = \"wasm-bindgen\"" {getline; gsub(/version = |"/, ""); print; exit}' "$ROOT/Cargo.lock")"
export WASM_BINDGEN_VERSION
export WORKER_BUILD_VERSION="0.8.7"
# worker-build would download these from outside the registries: point it at the installed ones.
export WASM_BINDGEN_BIN="$CARGO_BIN/wasm-bindgen"
export ESBUILD_BIN="$ROOT/node_modules/.bin/esbuild"
# wrangler: no metrics, no cf.json fetch, no prompts.
export WRANGLER_SEND_METRICS=false
export CLOUDFLARE_CF_FETCH_ENABLED=false
export NO_UPDATE_NOTIFIER=1
export CHROMIUM_BIN="${CHROMIUM_BIN:-/usr/bin/chromium}"
