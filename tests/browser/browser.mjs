// What every browser test starts with: the Worker under `wrangler dev` on the built bundle (tests/e2e/harness.mjs;
// with `baseUrl`, a Worker already up instead), Debian's Chromium through playwright-core with the flags this
// machine needs (docs/testing.md), and a watch on the page: console errors, CSP violations and failed requests go
// to `problems`, none expected (`expected(status, path)` names the refusals a test provokes; `/favicon.ico`, which
// a picture opened on its own makes the browser ask for, is the editor's icon, a diagram).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const ROOT = new URL('../../', import.meta.url).pathname;
/** Screenshots and reports (git-ignored). */
export const ARTIFACTS = join(ROOT, 'test-artifacts');
const CHROMIUM = process.env.CHROMIUM_BIN || '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

/** The Worker and a page in Chromium: `{ base, context, page, problems, close }`. */
export async function openBrowser({ baseUrl, vars = {}, contextOptions = {}, permissions = [], expected = () => false } = {}) {
  let base, stop = async () => {};
  if (baseUrl) base = baseUrl.replace(/\/$/, '');
  else ({ base, stop } = await (await import('../e2e/harness.mjs')).startWorker({ vars }));
  mkdirSync(ARTIFACTS, { recursive: true });
  const userDir = mkdtempSync(join(tmpdir(), 'ffen-chromium-'));
  const context = await chromium.launchPersistentContext(userDir, {
    executablePath: CHROMIUM, headless: true, args: FLAGS, ...contextOptions,
  });
  if (permissions.length) await context.grantPermissions(permissions, { origin: base });
  const page = context.pages()[0] || await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    // failed loads are judged by URL below
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push('console: ' + m.text());
  });
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    // (A 400 that is never stored is a refusal for pieces and squares the Worker is drawing for the first time,
    // which the page asks again: a fresh runtime's first diagrams in a piece set at 90 px.)
    const transient = r.status() === 400 && r.headers()['cache-control'] === 'no-store';
    if (r.status() >= 400 && !expected(r.status(), path) && !transient) {
      problems.push(`HTTP ${r.status()} ${r.url()}`);
    }
  });
  page.on('pageerror', (e) => problems.push('pageerror: ' + e.message));
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation',
    (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI)));
  const close = async () => {
    await context.close();
    rmSync(userDir, { recursive: true, force: true });
    await stop();
  };
  return { base, context, page, problems, close };
}
