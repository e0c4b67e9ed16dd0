// The SVG output (`/diagram.svg`) in headless Chromium (Debian's /usr/bin/chromium via playwright-core), against the
// real Worker under `wrangler dev` (tests/e2e/harness.mjs) started with the built-in pixel limit, so that every
// golden case can be drawn (as tests/e2e/golden.test.mjs does). Set SVG_BASE_URL to run against a Worker that is
// already up. Screenshots and the parity report go to test-artifacts/ (git-ignored).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, ROOT, openBrowser } from './browser.mjs';

let base, page, problems, close = async () => {};

before(async () => {
  ({ base, page, problems, close } = await openBrowser({
    baseUrl: process.env.SVG_BASE_URL,
    // Every golden case, as the golden tests draw them: the built-in limits only (under the Free plan's CPU limit a
    // fresh runtime refuses a large diagram until its pieces are drawn, docs/cost.md).
    vars: { FFEN_MAX_IMAGE_PIXELS: String(2200 * 2200), FFEN_MAX_RENDER_MS: '30000' },
    contextOptions: { viewport: { width: 1100, height: 1000 } },
    permissions: ['clipboard-read', 'clipboard-write'],
  }));
});

after(() => close());

// Waits until the editor's preview shows `canonical` (the X-FFEN the Worker answered) and the image has loaded.
async function settled(canonical) {
  await page.waitForFunction((c) => {
    const img = document.getElementById('preview');
    return document.getElementById('canonical').textContent === c && document.getElementById('error').hidden &&
      !document.getElementById('preview-box').classList.contains('busy') && img.complete && img.naturalWidth > 0;
  }, canonical, { timeout: 15000 });
}

// The SVG output in Chromium. The tolerance is the one tests/svg_parity.rs holds resvg's rasterisation to: the mean
// absolute channel difference over the image, and the largest channel difference of 4×4-pixel block averages.
const SVG_TOLERANCE = { mean: 8, block: 64 };

// Loads two same-origin images in the page, draws each 1:1 into a canvas, and compares their pixels.
async function compareInPage(svg, png) {
  return page.evaluate(async ({ svg, png }) => {
    const load = (src) => new Promise((ok, fail) => {
      const img = new Image();
      img.onload = () => ok(img);
      img.onerror = () => fail(new Error('cannot load ' + src));
      img.src = src;
    });
    const pixels = (img) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d');
      ctx.drawImage(img, 0, 0);
      return ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    };
    const [a, b] = await Promise.all([load(svg), load(png)]);
    const size = { svg: [a.naturalWidth, a.naturalHeight], png: [b.naturalWidth, b.naturalHeight] };
    if (size.svg[0] !== size.png[0] || size.svg[1] !== size.png[1]) return { size };
    const [p, q] = [pixels(a), pixels(b)];
    const [w, h] = size.png;
    // Over white and over black (a transparent look), the larger difference of the two.
    let mean = 0, max = 0, block = 0;
    for (const bg of [255, 0]) {
      const mix = (data, i) => data[i] * data[(i & ~3) + 3] / 255 + bg * (1 - data[(i & ~3) + 3] / 255);
      let total = 0;
      for (let i = 0; i < p.length; i += 4) {
        for (let c = 0; c < 3; c++) {
          const d = Math.abs(mix(p, i + c) - mix(q, i + c));
          total += d;
          if (d > max) max = d;
        }
      }
      mean = Math.max(mean, total / (w * h * 3));
      for (let by = 0; by < h; by += 4) {
        for (let bx = 0; bx < w; bx += 4) {
          for (let c = 0; c < 3; c++) {
            let sa = 0, sb = 0, n = 0;
            for (let y = by; y < Math.min(by + 4, h); y++) {
              for (let x = bx; x < Math.min(bx + 4, w); x++) {
                const i = (y * w + x) * 4 + c;
                sa += mix(p, i); sb += mix(q, i); n++;
              }
            }
            block = Math.max(block, Math.abs(sa - sb) / n);
          }
        }
      }
    }
    max = Math.round(max);
    return { size, mean, max, block };
  }, { svg, png });
}

test('the SVG link: copied from the editor, the same diagram as SVG, drawn by Chromium like the PNG', async () => {
  const canonical = "k7/3-*1q4/8/2'a''12S3/8/3*3N4/8/K7";
  await page.goto(base + '/?ffen=' + encodeURIComponent(canonical) + '&theme=print&coords=1');
  await settled(canonical);
  await page.click('button[data-copy=out-svg]');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, await page.inputValue('#out-svg'));
  assert.ok(link.startsWith(base + '/diagram.svg?ffen='), link);
  assert.equal(link.replace('/diagram.svg?', '/diagram.png?'), await page.inputValue('#out-link'), 'the PNG link\'s query');
  const res = await fetch(link);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'image/svg+xml');
  assert.equal(res.headers.get('x-ffen'), canonical);
  assert.equal(res.headers.get('content-security-policy'), "default-src 'none'; sandbox");
  const d = await compareInPage(link, await page.inputValue('#out-link'));
  assert.deepEqual(d.size.svg, d.size.png, 'the SVG has the PNG\'s size');
  assert.ok(d.mean <= SVG_TOLERANCE.mean && d.block <= SVG_TOLERANCE.block, JSON.stringify(d));

  // Opened on its own (the sandboxed document its CSP makes it): it draws, at its size, without a console error.
  const opened = await page.goto(link);
  assert.equal(opened.status(), 200);
  const shown = await page.evaluate(() => ({
    root: document.documentElement.localName,
    box: (({ width, height }) => [width, height])(document.documentElement.getBoundingClientRect()),
    role: document.documentElement.getAttribute('role'),
    title: document.querySelector('title').textContent,
    desc: document.querySelector('desc').textContent.split('\n').at(-1),
    scripts: document.querySelectorAll('script, foreignObject, text').length,
  }));
  const count = (await (await fetch(link.replace('/diagram.svg?', '/diagram.json?'))).json()).count;
  assert.deepEqual(shown, { root: 'svg', box: d.size.png, role: 'img', title: 'Chess diagram', desc: count, scripts: 0 });
  await page.screenshot({ path: join(ARTIFACTS, 'svg-opened.png'), clip: { x: 0, y: 0, width: d.size.png[0], height: d.size.png[1] } });
  assert.deepEqual(problems, []);
});

test('every golden case as SVG: Chromium draws it at the PNG\'s size, within the parity tolerance', async () => {
  await page.goto(base + '/');
  const cases = readFileSync(join(ROOT, 'tests/golden/cases.tsv'), 'utf8').split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t'));
  assert.ok(cases.length >= 29, `${cases.length} cases`);
  const report = [];
  const failures = [];
  for (const [name, dialect, options, ffen] of cases) {
    const pairs = [['ffen', ffen], ['dialect', dialect], ...(options === '-' ? [] : options.split('&').map((p) => p.split('=')))];
    const query = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
    const d = await compareInPage(`/diagram.svg?${query}`, `/diagram.png?${query}`);
    report.push(`${name}: ${d.size.svg.join('×')} mean ${d.mean?.toFixed(2)} max ${d.max} 4×4 ${d.block?.toFixed(1)}`);
    const sameSize = d.size.svg[0] === d.size.png[0] && d.size.svg[1] === d.size.png[1];
    if (!sameSize || d.mean > SVG_TOLERANCE.mean || d.block > SVG_TOLERANCE.block) failures.push(`${name}: ${JSON.stringify(d)}`);
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, 'svg-parity-chromium.txt'), report.join('\n') + '\n');
  assert.deepEqual(failures, []);
  assert.deepEqual(problems, []);
});

