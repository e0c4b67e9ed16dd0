// Starts the Worker under `wrangler dev` (the real workerd runtime, Cache API emulated) for end-to-end and browser
// tests: loopback only, a free port, a fresh --persist-to directory (no stale cache entries), the prebuilt bundle
// (FFEN_SKIP_BUILD=1: scripts/test builds once before the node tests).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
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

/**
 * Spawns `wrangler dev` on the built bundle and waits until it answers. `vars` override wrangler.toml's `[vars]`
 * (`--var KEY:VALUE`).
 * @returns {Promise<{base: string, stop: () => Promise<void>}>}
 */
export async function startWorker(options = {}) {
  // A port chosen free can be taken before wrangler binds it (another runtime's own ports): start again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startWorkerOnce(options);
    } catch (error) {
      if (!(error.portLost && attempt < 3)) throw error;
    }
  }
}

async function startWorkerOnce({ timeoutMs = 90_000, vars = {} }) {
  const [port, inspectorPort] = await freePorts(2);
  const persist = mkdtempSync(path.join(os.tmpdir(), "ffen-wrangler-"));
  const wrangler = path.join(ROOT, "node_modules", ".bin", "wrangler");
  const child = spawn(
    wrangler,
    [
      "dev",
      "--ip", "127.0.0.1",
      "--port", String(port),
      "--inspector-port", String(inspectorPort),
      "--persist-to", persist,
      "--show-interactive-dev-session=false",
      "--log-level", "warn",
      ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    {
      cwd: ROOT,
      detached: true, // its own process group, so stop() also ends workerd
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

  const base = `http://127.0.0.1:${port}`;
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
  for (;;) {
    if (exited !== null) {
      await stop();
      const error = new Error(`wrangler dev exited (${JSON.stringify(exited)}) before answering:\n${output}`);
      error.portLost = portLost(output);
      throw error;
    }
    try {
      const res = await fetch(`${base}/`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status < 500) return { base, stop };
    } catch { /* not up yet */ }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await sleep(250);
  }
}
