// The editor as a newcomer meets it, at a desktop's 1280×900 and a phone's 390×844 (and the phone widths 360 and
// 430): the preview in view while typing and while using the board, no sideways scrolling, full-width fields; an
// accessibility audit (axe-core, from the package registry) with no serious or critical finding as loaded, with the
// player open and after a link conversion; names a screen reader can tell apart, and the player's announcements;
// the editing board with the marks and the flip; pasting what a site has around a link (an <img> tag, a Markdown
// image, BBCode, a bare URL, `&amp;`); and the small fixes (the icon, the Theme list after a conversion, the
// animated alt text, `hgm` in the reference, the palette's font). Screenshots: test-artifacts/layout-*.png (the
// pictures in docs/ are copies of layout-1280.png and layout-390.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, ROOT, openBrowser } from './browser.mjs';

const WIDE = { width: 1280, height: 900 }, PHONE = { width: 390, height: 844 };
const AXE = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const FFEN = '8/8/8/4k3/8/8/8/3QK3';
const MOVES = '1.Qd1-h5! Ke5-d4 2.Qh5-d5#';

let base, page, problems, requests = [], close = async () => {};

before(async () => {
  ({ base, page, problems, close } = await openBrowser({
    baseUrl: process.env.EDITOR_BASE_URL,
    contextOptions: { viewport: WIDE, reducedMotion: 'reduce' },
    // a broken position is a 400 shown inline; a pasted link of no diagram a 404 the page explains
    expected: (status, path) => (status === 400 && path === '/diagram.png') || (status === 404 && path === '/nothing/here.png'),
  }));
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
});

after(() => close());

// The page loaded with `query`, its preview drawn for that FFEN.
async function load(query = '') {
  await page.goto(base + '/' + query);
  await settled();
}
async function settled(ffen) {
  await page.waitForFunction((f) => {
    const box = document.getElementById('preview-box'), img = document.getElementById('preview');
    const shown = img.hidden ? !document.getElementById('player').hidden : img.complete && img.naturalWidth > 0;
    return document.getElementById('canonical').textContent !== '' && (!f || document.getElementById('canonical').textContent === f) &&
      !box.classList.contains('busy') && shown;
  }, ffen, { timeout: 15000 });
}

// How the preview (the picture, or the player's canvas) sits in the viewport: the share of it that is visible.
const previewInView = () => page.evaluate(() => {
  const img = document.getElementById('preview');
  const el = img.hidden ? document.getElementById('frames') : img;
  const r = el.getBoundingClientRect(), vh = innerHeight, vw = innerWidth;
  const seen = Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0)) * Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0));
  return { top: Math.round(r.top), height: Math.round(r.height), share: r.width * r.height ? seen / (r.width * r.height) : 0 };
});
// The page's width against the viewport's, and the elements that stick out on the right.
const overflow = () => page.evaluate(() => {
  const vw = document.documentElement.clientWidth, out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > vw + 0.5 && !el.closest('#board-wrap')) out.push((el.id ? '#' + el.id : el.tagName.toLowerCase()) + ' ' + Math.round(r.right));
  }
  return { scroll: document.documentElement.scrollWidth, vw, out: out.slice(0, 8) };
});

// axe-core's audit of the page as it is now: the serious and critical findings, one line each.
async function audit() {
  // evaluated through the DevTools protocol, not an inline script: the page's CSP allows its own script only
  await page.evaluate(AXE);
  const { checked, found } = await page.evaluate(async () => {
    const r = await window.axe.run(document);
    return {
      checked: r.passes.length + r.violations.length,
      found: r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.impact + ' ' + v.id + ': ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')),
    };
  });
  assert.ok(checked >= 20, `axe ran its rules: ${checked}`);
  return found;
}

for (const viewport of [WIDE, PHONE]) {
  const at = viewport.width + '×' + viewport.height;
  test(`at ${at} the preview stays in view while typing and while using the board; nothing scrolls sideways`, async () => {
    await page.setViewportSize(viewport);
    await load();
    const first = await previewInView();
    await page.click('#ffen');
    await page.fill('#ffen', '');
    await page.type('#ffen', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR', { delay: 2 });
    await settled('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR');
    const typed = await previewInView();
    assert.ok(typed.share >= 0.99, `at ${at} the preview is in view after typing: ${JSON.stringify(typed)}`);
    assert.ok(typed.top < viewport.height / 2, `its top in the upper half: ${typed.top}`);
    assert.ok(await page.evaluate(() => { const r = document.getElementById('ffen').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }),
      'the FFEN field too');
    await page.screenshot({ path: join(ARTIFACTS, `layout-${viewport.width}.png`) });
    // further down, at the board and the palette: the preview still in view
    await page.locator('#palette').scrollIntoViewIfNeeded();
    await page.evaluate(() => document.getElementById('palette').scrollIntoView({ block: 'end' }));
    await page.click('#board button[data-x="4"][data-y="4"]');
    await settled('rnbqkbnr/pppppppp/8/8/4K3/8/PPPP1PPP/RNBQKBNR');
    const below = await previewInView();
    assert.ok(below.share >= 0.99, `at ${at} the preview is in view at the palette: ${JSON.stringify(below)}`);
    await page.screenshot({ path: join(ARTIFACTS, `layout-${viewport.width}-board.png`) });
    const wide = await overflow();
    assert.ok(wide.scroll <= wide.vw, `no horizontal overflow at ${at}: ${JSON.stringify(wide)}`);
    if (viewport === PHONE) {
      assert.ok(first.top < 200 && first.share >= 0.99, `the phone shows the preview first: ${JSON.stringify(first)}`);
      // fields full width: the FFEN, the paste field and the links use the screen's width
      for (const id of ['ffen', 'paste', 'out-link', 'out-img', 'title', 'squares']) {
        const w = await page.evaluate((i) => document.getElementById(i).getBoundingClientRect().width, id);
        assert.ok(w >= viewport.width * 0.6, `#${id} is ${w} px wide at ${at}`);
      }
    }
    assert.deepEqual(problems, []);
  });
}

test('no sideways scrolling at the phone widths 360 and 430, the reference and the player included', async () => {
  for (const width of [360, 430]) {
    await page.setViewportSize({ width, height: 800 });
    await load('?ffen=' + encodeURIComponent(FFEN) + '&moves=' + encodeURIComponent(MOVES));
    const o = await overflow();
    assert.ok(o.scroll <= o.vw, `no horizontal overflow at ${width}: ${JSON.stringify(o)}`);
  }
  assert.deepEqual(problems, []);
});

for (const viewport of [WIDE, PHONE]) {
  const at = viewport.width + '×' + viewport.height;
  test(`at ${at} axe-core finds nothing serious or critical: as loaded, with the player open, after a link conversion`, async () => {
    await page.setViewportSize(viewport);
    await load();
    assert.deepEqual(await audit(), [], 'as loaded');
    await load('?ffen=' + encodeURIComponent(FFEN) + '&moves=' + encodeURIComponent(MOVES));
    assert.equal(await page.isVisible('#player'), true);
    assert.deepEqual(await audit(), [], 'with the player open');
    await page.fill('#paste', 'https://lichess1.org/export/fen.gif?fen=4k3/8/8/8/8/8/8/4K3&color=black&lastMove=e2e1');
    await page.click('#convert');
    await page.waitForFunction(() => /^Converted/.test(document.getElementById('paste-msg').textContent), null, { timeout: 15000 });
    await settled('4k3/8/8/8/8/8/8/4K3');
    assert.deepEqual(await audit(), [], 'after a link conversion');
    assert.deepEqual(problems, []);
  });
}

test('every control has a name of its own that says what it acts on', async () => {
  await page.setViewportSize(WIDE);
  await load('?ffen=' + encodeURIComponent(FFEN) + '&moves=' + encodeURIComponent(MOVES));
  // names as the accessibility tree computes them (Chromium's, through Playwright's aria snapshot of each role)
  const names = await page.evaluate(() => {
    const seen = {};
    const name = (el) => el.getAttribute('aria-label') || (el.id && document.querySelector('label[for="' + el.id + '"]')?.textContent.trim()) ||
      (el.getAttribute('aria-labelledby') && document.getElementById(el.getAttribute('aria-labelledby')).textContent.trim()) || el.textContent.trim();
    for (const el of document.querySelectorAll('#editor input, #editor select, #editor textarea, #editor button, main [role=group], #reference button')) {
      if (el.closest('#board') || el.closest('[hidden]') || el.hidden) continue;
      const n = name(el);
      (seen[n] = seen[n] || []).push(el.id || el.dataset.copy || el.dataset.tool || el.dataset.ffen || el.tagName);
    }
    return seen;
  });
  const repeated = Object.entries(names).filter(([n, els]) => els.length > 1 || n === '');
  assert.deepEqual(repeated, [], 'no name twice, none empty');
  for (const n of ['Copy PNG link', 'Copy SVG link', 'Copy GIF link', 'Copy <img> tag', 'Copy legacy link', 'Coordinates', 'Coordinates colour',
    'Files', 'Ranks', 'File labels', 'Rank labels', 'Edit Starting position', 'Pieces', 'Markers']) {
    assert.ok(names[n], `a control named ${JSON.stringify(n)}`);
  }
  assert.deepEqual(problems, []);
});

test('the player has a name of its own and says each frame a step shows: "move 2 of 3: Ke5-d4"', async () => {
  await page.setViewportSize(WIDE);
  await load('?ffen=' + encodeURIComponent(FFEN) + '&moves=' + encodeURIComponent(MOVES));
  const say = () => page.textContent('#frame-say');
  const label = () => page.getAttribute('#frames', 'aria-label');
  assert.equal(await page.getAttribute('#frame-say', 'aria-live'), 'polite');
  assert.equal(await say(), '', 'nothing said on loading');
  await page.waitForFunction(() => /^\(2\+1\)/.test(document.getElementById('frames').getAttribute('aria-label')), null, { timeout: 15000 });
  assert.equal(await label(), '(2+1) White: Ke1 Qd1; Black: Ke5. Shown: the diagram, before the moves');
  await page.click('#fwd');
  assert.equal(await say(), 'move 1 of 3: Qd1-h5!');
  await page.focus('#player');
  await page.keyboard.press('ArrowRight');
  assert.equal(await say(), 'move 2 of 3: Ke5-d4');
  assert.equal(await label(), '(2+1) White: Ke1 Qd1; Black: Ke5. Shown: move 2 of 3: Ke5-d4');
  await page.keyboard.press('ArrowRight');
  assert.equal(await say(), 'move 3 of 3: Qh5-d5#');
  await page.keyboard.press('ArrowRight');
  assert.equal(await say(), 'the diagram, before the moves');
  // the counter is for the eye; the announcement says it in words
  assert.equal(await page.getAttribute('#frame-no', 'aria-hidden'), 'true');
  // the <img> tag's alt: the position, a full stop, then the moves
  assert.match(await page.inputValue('#out-img'), / alt="\(2\+1\) White: Ke1 Qd1; Black: Ke5\. Moves: 1\.Qd1-h5! Ke5-d4 2\.Qh5-d5#">$/);
  // a second line after "|" starts from the diagram again
  await page.fill('#moves', '1.Qd1-h5 | 1.Qd1-d4+ Ke5-e6');
  await page.waitForFunction(() => document.getElementById('frame-no').textContent === '1 / 5', null, { timeout: 15000 });
  await page.click('#fwd'); await page.click('#fwd');
  assert.equal(await say(), 'the diagram again, line 2');
  await page.click('#fwd');
  assert.equal(await say(), 'move 2 of 3: Qd1-d4+');
  assert.deepEqual(problems, []);
});

test('the editing board shows the highlights, the last move, the check and the arrows, and turns with Flip', async () => {
  await page.setViewportSize(WIDE);
  await load('?ffen=' + encodeURIComponent(FFEN) + '&squares=Ge4,d5&arrows=Rd1d4,e1e1&lastmove=d2d1&check=e5');
  const cell = (sq) => page.locator(`#board button[aria-label^="${sq}:"]`);
  assert.match(await cell('e4').getAttribute('class'), /\bhl\b/);
  assert.match(await cell('e4').getAttribute('aria-label'), /highlighted green/);
  assert.match(await cell('d5').getAttribute('aria-label'), /highlighted$/);
  assert.match(await cell('d1').getAttribute('aria-label'), /white queen, last move/);
  assert.match(await cell('e5').getAttribute('aria-label'), /black king, in check/);
  assert.equal(await page.locator('#marks line').count(), 1, 'one arrow');
  assert.equal(await page.locator('#marks circle').count(), 1, 'one circle');
  // the arrow runs from d1's centre towards d4's
  const geometry = () => page.evaluate(() => {
    const wrap = document.getElementById('board').getBoundingClientRect();
    const mid = (sq) => { const r = document.querySelector(`#board button[aria-label^="${sq}:"]`).getBoundingClientRect(); return [r.left + r.width / 2 - wrap.left - 2, r.top + r.height / 2 - wrap.top - 2]; };
    const l = document.querySelector('#marks line');
    return { from: mid('d1'), start: [+l.getAttribute('x1'), +l.getAttribute('y1')], first: document.querySelector('#board button').getAttribute('aria-label') };
  });
  let g = await geometry();
  assert.deepEqual(g.start.map(Math.round), g.from.map(Math.round));
  assert.match(g.first, /^a8:/);
  // Flip: the board turns (h1 top-left), the arrow with it; clicks still place on the square named
  await page.check('#flip');
  await page.dispatchEvent('#flip', 'change');
  g = await geometry();
  assert.match(g.first, /^h1:/);
  assert.deepEqual(g.start.map(Math.round), g.from.map(Math.round));
  // keys follow the turned board: right goes towards the a-file
  await cell('d1').focus();
  await page.keyboard.press('ArrowRight');
  assert.match(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), /^c1:/);
  await page.screenshot({ path: join(ARTIFACTS, 'layout-board-flipped.png') });
  // a highlight clicked on the turned board lands on its square
  await page.click('#palette [data-tool=hl]');
  await cell('a1').click();
  await page.waitForFunction(() => document.getElementById('squares').value === 'Ge4,d5,a1');
  assert.match(await cell('a1').getAttribute('aria-label'), /highlighted$/);
  assert.deepEqual(problems, []);
});

test('pasting what a site has around a link: an <img> tag, Markdown, BBCode, a bare URL, &amp;; a clear word otherwise', async () => {
  await page.setViewportSize(WIDE);
  await load();
  const link = 'https://www.janko.at/Retros/d.php?ff=4k3/8/8/8/8/8/8/4K3&amp;unused=1';
  const cases = [
    ['<img src="' + link + '" alt="a diagram" width="322">', "the <img> tag's src"],
    ["<IMG alt='x' SRC='" + link + "'>", "the <img> tag's src"],
    ['![a diagram](' + link + ' "title")', "the Markdown image's link"],
    ['[img]' + link + '[/img]', 'the BBCode [img]'],
    ['[url=' + link + ']a diagram[/url]', 'the BBCode [url]'],
    ['See ' + link + ' for the diagram', ''],
    [link.replace('&amp;', '&'), ''],
  ];
  for (const [text, from] of cases) {
    await page.fill('#ffen', '8/8/8/8/8/8/8/8');
    await settled('8/8/8/8/8/8/8/8');
    await page.fill('#paste', text);
    await page.click('#convert');
    await settled('4k3/8/8/8/8/8/8/4K3');
    const msg = await page.textContent('#paste-msg');
    assert.ok(decodeURIComponent(msg).startsWith('Converted' + (from ? ' (' + from + ')' : '') + ': /diagram.png?ffen=4k3/8/8/8/8/8/8/4K3'), `${text}: ${msg}`);
  }
  // the FFEN field hands a pasted link or tag to the converter instead of reading it as FFEN
  await page.fill('#ffen', '8/8/8/8/8/8/8/8');
  await settled('8/8/8/8/8/8/8/8');
  await page.focus('#ffen');
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.getElementById('ffen').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, '<img src="' + link + '">');
  await settled('4k3/8/8/8/8/8/8/4K3');
  assert.equal(await page.getAttribute('#ffen', 'aria-invalid'), null);
  // what is not understood is said
  for (const [text, said] of [
    ['<img alt="no source">', /That <img> tag has no src/],
    ['[img]https://example.org/d.php?ff=8', /no closing \[\/img\]/],
    ['a diagram, please', /No link found in that/],
    ['https://example.org/nothing/here.png?x=1', /That link gives no diagram: not found.*\(read the link: \/nothing\/here\.png\)/],
  ]) {
    await page.fill('#paste', text);
    await page.click('#convert');
    await page.waitForFunction((re) => new RegExp(re).test(document.getElementById('paste-msg').textContent), said.source, { timeout: 15000 });
  }
  assert.deepEqual(problems, []);
});

test('the small fixes: the icon, the Theme list after a conversion, hgm in the reference, the palette in one font size', async () => {
  await page.setViewportSize(WIDE);
  requests = [];
  await load();
  // the tab's icon is a diagram of the service's own: no request for /favicon.ico, the icon a 200 PNG
  const icon = await page.getAttribute('link[rel=icon]', 'href');
  const res = await fetch(base + icon);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'image/png');
  assert.ok(!requests.includes('/favicon.ico'), 'no request for /favicon.ico');
  // and a browser that asks for /favicon.ico (a picture opened on its own) gets the same icon
  const favicon = await fetch(base + '/favicon.ico');
  assert.equal(favicon.status, 200);
  assert.equal(favicon.headers.get('etag'), res.headers.get('etag'));
  // a lichess link sets Light and Dark: the Theme list says so; picking a theme clears them
  await page.fill('#paste', 'https://lichess1.org/export/fen.gif?fen=4k3/8/8/8/8/8/8/4K3&theme=blue');
  await page.click('#convert');
  await settled('4k3/8/8/8/8/8/8/4K3');
  assert.notEqual(await page.inputValue('#lk-light'), '');
  assert.equal(await page.inputValue('#theme'), '');
  assert.equal(await page.evaluate(() => document.getElementById('theme').selectedOptions[0].textContent), 'custom: Light and Dark below');
  const lichessLink = await page.inputValue('#out-link');
  await page.selectOption('#theme', 'blue');
  await page.waitForFunction(() => document.getElementById('out-link').value.includes('theme=blue'));
  assert.equal(await page.inputValue('#lk-light'), '');
  assert.equal(await page.locator('#theme option[value=""]').count(), 0);
  assert.doesNotMatch(await page.inputValue('#out-link'), /light=/);
  assert.match(lichessLink, /light=/);
  // the reference lists every dialect, hgm too
  assert.match(await page.textContent('#reference'), /dialect=janko\|bodlaender\|courier\|xfen\|hgm/);
  // Highlight and Arrow in the palette's text size, as Letter and Empty square
  const sizes = await page.$$eval('#palette button:is([data-tool=hl],[data-tool=arrow],[data-tool=letter],[data-tool=empty])',
    (bs) => bs.map((b) => getComputedStyle(b).fontSize));
  assert.equal(new Set(sizes).size, 1, JSON.stringify(sizes));
  assert.deepEqual(problems, []);
});
