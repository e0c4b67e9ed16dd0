// The editor page at `/`, driven in headless Chromium (Debian's /usr/bin/chromium via playwright-core) against the
// real Worker under `wrangler dev` (tests/e2e/harness.mjs). Set EDITOR_BASE_URL to run against a Worker that is
// already up instead. Screenshots go to test-artifacts/ (git-ignored).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, ROOT, openBrowser } from './browser.mjs';

let base, page, problems, close = async () => {};

before(async () => {
  ({ base, page, problems, close } = await openBrowser({
    baseUrl: process.env.EDITOR_BASE_URL,
    contextOptions: { viewport: { width: 1100, height: 1000 } },
    permissions: ['clipboard-read', 'clipboard-write'],
    // a broken position is a 400, shown inline
    expected: (status, path) => status === 400 && path === '/diagram.png',
  }));
});

after(() => close());

// Waits until the preview shows `canonical` (the X-FFEN the Worker answered) and the image has loaded.
async function settled(canonical) {
  await page.waitForFunction((c) => {
    const img = document.getElementById('preview');
    return document.getElementById('canonical').textContent === c && document.getElementById('error').hidden &&
      !document.getElementById('preview-box').classList.contains('busy') && img.complete && img.naturalWidth > 0;
  }, canonical, { timeout: 15000 });
  return page.evaluate(() => {
    const img = document.getElementById('preview');
    return { w: img.naturalWidth, h: img.naturalHeight };
  });
}

// Sets a number field as a person does: the page reacts to its "change" event.
async function setNumber(selector, value) {
  await page.fill(selector, value);
  await page.dispatchEvent(selector, 'change');
}

// A fresh page with an empty board of that many files and ranks, set through the controls.
async function emptyBoard(files, ranks) {
  await page.goto(base + '/');
  await settled(await page.inputValue('#ffen'));
  await page.click('#clear');
  await setNumber('#files', files);
  await setNumber('#ranks', ranks);
}

async function type(ffen) {
  await page.fill('#ffen', '');
  await page.type('#ffen', ffen, { delay: 5 });
}

test('GET / is the editor page, with a strict CSP and a short cache lifetime', async () => {
  const res = await fetch(base + '/');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /^text\/html/);
  const csp = res.headers.get('content-security-policy') || '';
  // The page is a static asset: page/_headers names its headers (the policy among them), Cloudflare sends them.
  const expected = /^\s+Content-Security-Policy: (.*)$/m.exec(readFileSync(join(ROOT, 'page/_headers'), 'utf8'))[1];
  assert.equal(csp, expected, 'the page is served with the policy of page/_headers');
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  const cc = res.headers.get('cache-control') || '';
  assert.doesNotMatch(cc, /immutable/);
  assert.match(cc, /max-age=\d+|no-cache/);
  const html = await res.text();
  // The file itself, as it is in the repository.
  assert.equal(html, readFileSync(join(ROOT, 'page/index.html'), 'utf8'));

  await page.goto(base + '/');
  await settled(await page.inputValue('#ffen')); // the default example, already canonical
  assert.deepEqual(problems, []);
});

test('typing an FFEN updates the preview, and its size follows the board size', async () => {
  await page.goto(base + '/');
  await type('4/4/4/4');
  const small = await settled('4/4/4/4');
  await type('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
  const eight = await settled('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
  await type('3*2r3*3N3/*3n6*2r3/*3N*2bp3*2bQ3/2*2b*2r3p3/1*2r2P1p4/4N4p1/1K*3n5p2/3*3Np1B1P2/3pN1p4/3B*2rkb2*3nR/6*3rbN2');
  const eleven = await settled('3*2r3*3N3/*3n6*2r3/*3N*2bp3*2bQ3/2*2b*2r3p3/1*2r2P1p4/4N4p1/1K*3n5p2/3*3Np1B1P2/3pN1p4/3B*2rkb2*3nR/6*3rbN2');
  assert.ok(small.w < eight.w && eight.w < eleven.w, `widths ${small.w} < ${eight.w} < ${eleven.w}`);
  assert.equal(eleven.h, eleven.w, '11 files × 11 ranks');
  // square size: twice the pixels per square, (about) twice the width
  await setNumber('#size', '20');
  await page.waitForFunction(() => document.getElementById('out-link').value.includes('size=20'));
  const twenty = await settled('3*2r3*3N3/*3n6*2r3/*3N*2bp3*2bQ3/2*2b*2r3p3/1*2r2P1p4/4N4p1/1K*3n5p2/3*3Np1B1P2/3pN1p4/3B*2rkb2*3nR/6*3rbN2');
  assert.ok(twenty.w < eleven.w, `size=20 (${twenty.w}px) is smaller than size=40 (${eleven.w}px)`);
  // the board editor follows the text
  assert.equal(await page.inputValue('#files'), '11');
  assert.equal(await page.inputValue('#ranks'), '11');
  assert.equal(await page.locator('#board button').count(), 121);
  assert.deepEqual(problems, []);
});

test('a position built by clicks gives the canonical FFEN, which the Worker reads back unchanged', async () => {
  await emptyBoard('5', '3');
  await settled('5/5/5');
  const square = (x, y) => page.click(`#board button[data-x="${x}"][data-y="${y}"]`);
  const tool = (sel) => page.click(`#palette ${sel}`);
  await tool('[data-tool=K]'); await square(0, 0); // white king on a3
  await tool('[data-color=n]'); await tool('[data-rot="2"]'); await tool('[data-tool=R]'); await square(4, 0);
  await tool('[data-color=b]'); await tool('[data-rot="1"]'); await tool('[data-tool=N]'); await square(1, 2);
  await tool('[data-rot="0"]'); await page.fill('#letter', 'a'); await tool('[data-tool=letter]'); await square(2, 2);
  await page.fill('#number', '12'); await tool('[data-tool=number]'); await square(4, 2);
  await tool('[data-tool=S]'); await square(3, 1); // black square marker
  await tool('[data-tool=empty]'); await square(3, 1); // and away again
  assert.equal(await page.inputValue('#ffen'), "K3-*2r/5/1*1n'a1''12");
  await settled("K3-*2r/5/1*1n'a1''12");
  assert.equal(await page.getAttribute('#board button[data-x="4"][data-y="0"]', 'aria-label'), 'e3: neutral rook, turned 180°');
  // by keyboard: the board is one tab stop, arrow keys move, Enter places (a white triangle on d3)
  await tool('[data-color=w]'); await tool('[data-tool=T]');
  await page.focus('#board button[tabindex="0"]');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  assert.equal(await page.inputValue('#ffen'), "K2T-*2r/5/1*1n'a1''12");
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'd3: white triangle');
  await settled("K2T-*2r/5/1*1n'a1''12");
  // wider than nine files: runs of ten or more are written as 9 plus the rest
  await setNumber('#files', '11');
  assert.equal(await page.inputValue('#ffen'), "K2T-*2r6/92/1*1n'a1''126");
  await settled("K2T-*2r6/92/1*1n'a1''126");
  await page.screenshot({ path: join(ARTIFACTS, 'editor-palette.png') });
  assert.deepEqual(problems, []);
});

// The problem-diagram fields go into the link; squares and arrows can be placed by clicking the board.
test('title, caption, count, squares, arrows and last move: typed or clicked, in the link and the picture', async () => {
  await emptyBoard('8', '8');
  await settled('8/8/8/8/8/8/8/8');
  const plain = await settled('8/8/8/8/8/8/8/8');
  await page.fill('#title', 'Ladislav Šulc|Phénix 1999');
  await page.fill('#caption', '#2');
  await page.check('#count');
  await page.fill('#lastmove', 'e2e4');
  await page.waitForFunction(() => document.getElementById('out-link').value.includes('lastmove=e2e4'));
  const furnished = await settled('8/8/8/8/8/8/8/8');
  assert.equal(furnished.w, plain.w);
  assert.ok(furnished.h > plain.h + 40, `title and caption bands: ${furnished.h} > ${plain.h}`);
  // clicks: highlight e4 in green, an arrow a1→h8 and a circle on d5 (the editor's board is never flipped)
  const square = (name) => {
    const x = name.charCodeAt(0) - 97, y = 8 - +name.slice(1);
    return page.click(`#board button[data-x="${x}"][data-y="${y}"]`);
  };
  await page.click('#palette [data-tool=hl]');
  await page.selectOption('#mark-tint', 'G');
  await square('e4');
  assert.equal(await page.inputValue('#squares'), 'Ge4');
  await square('c3'); await square('c3'); // on and off again
  assert.equal(await page.inputValue('#squares'), 'Ge4');
  await page.click('#palette [data-tool=arrow]');
  await page.selectOption('#mark-tint', '');
  const previews = await recordPreviews();
  await square('a1'); await square('h8');
  await square('d5'); await square('d5');
  assert.equal(await page.inputValue('#arrows'), 'a1h8,d5d5');
  await page.waitForFunction(() => document.getElementById('out-link').value.includes('arrows='));
  await settled('8/8/8/8/8/8/8/8');
  const link = await page.inputValue('#out-link');
  const params = new URL(link).searchParams;
  assert.equal(params.get('title'), 'Ladislav Šulc|Phénix 1999');
  assert.equal(params.get('caption'), '#2');
  assert.equal(params.get('count'), '1');
  assert.equal(params.get('squares'), 'Ge4');
  assert.equal(params.get('arrows'), 'a1h8,d5d5');
  assert.equal(params.get('lastmove'), 'e2e4');
  // the copied link gives the picture the preview shows
  assert.equal(await copiedLink(), link);
  await samePng(link, previews.bodies.at(-1), '8/8/8/8/8/8/8/8');
  await previews.done();
  // the page's own link restores every field
  await page.goto(base + '/?' + new URL(link).search.slice(1));
  await settled('8/8/8/8/8/8/8/8');
  assert.equal(await page.inputValue('#title'), 'Ladislav Šulc|Phénix 1999');
  assert.equal(await page.inputValue('#arrows'), 'a1h8,d5d5');
  assert.ok(await page.isChecked('#count'));
  // a square off the board is answered inline, naming the parameter
  await page.fill('#squares', 'Ge4,i9');
  await page.waitForFunction(() => !document.getElementById('error').hidden);
  assert.match(await page.textContent('#error-msg'), /`squares`.*i9 is off this 8×8 board/);
  await page.screenshot({ path: join(ARTIFACTS, 'editor-furniture.png') });
  assert.deepEqual(problems, []);
});

// One rank wider than eight files needs the canonical trailing "/" (without it the service cuts
// the rank into ranks of eight); the page used to write "9", snap the board to 8×2 and refuse the legacy link.
test('a one-rank board wider than eight files keeps its shape, in the field, the preview and the legacy link', async () => {
  await emptyBoard('9', '1');
  assert.equal(await page.inputValue('#ffen'), '9/');
  const nine = await settled('9/');
  assert.equal(nine.w - nine.h, 8 * 40, `9×1 squares of 40 px: ${nine.w}×${nine.h}`);
  assert.equal(await page.inputValue('#files'), '9');
  assert.equal(await page.inputValue('#ranks'), '1');
  assert.equal(await page.locator('#board button').count(), 9);
  await page.click('#palette [data-tool=K]');
  await page.click('#board button[data-x="8"][data-y="0"]');
  assert.equal(await page.inputValue('#ffen'), '8K/');
  await settled('8K/');
  const legacy = await page.inputValue('#out-legacy');
  assert.equal(legacy, base + '/Retros/d.php?ff=8K/');
  assert.equal(await page.isDisabled('button[data-copy=out-legacy]'), false);
  const old = await fetch(legacy, { headers: { accept: 'image/png' } });
  assert.equal(old.status, 200);
  assert.equal(old.headers.get('x-ffen'), '8K/');
  // typed by hand: "9/" is one rank of nine; "9" without "/" is a flattened board, read (and shown) as 8×2
  await type('9/');
  await settled('9/');
  assert.deepEqual([await page.inputValue('#files'), await page.inputValue('#ranks')], ['9', '1']);
  await type('9');
  await settled('8/8');
  assert.deepEqual([await page.inputValue('#files'), await page.inputValue('#ranks')], ['8', '2']);
  assert.deepEqual(problems, []);
});

test('a broken input shows the message inline and points at the column', async () => {
  await page.goto(base + '/');
  await settled(await page.inputValue('#ffen'));
  const broken = '8/8/3*x4/8/8/8/8/8';
  await type(broken);
  await page.waitForSelector('#error:not([hidden])', { timeout: 15000 });
  const msg = await page.textContent('#error-msg');
  const col = Number(/column (\d+)/.exec(msg)?.[1]);
  assert.ok(col >= 1 && col <= broken.length, `message names a column: ${msg}`);
  assert.equal(await page.textContent('#error-where mark'), broken[col - 1]);
  assert.equal(await page.getAttribute('#ffen', 'aria-invalid'), 'true');
  assert.equal(await page.inputValue('#out-link'), '', 'no stale link to copy');
  assert.equal(await page.isDisabled('button[data-copy=out-link]'), true);
  await page.click('#error-where');
  assert.deepEqual(await page.evaluate(() => [document.activeElement.id, document.activeElement.selectionStart]), ['ffen', col - 1]);
  await page.screenshot({ path: join(ARTIFACTS, 'editor-error.png') });
  // fixing it clears the message
  await type('8/8/3*1n4/8/8/8/8/8');
  await settled('8/8/3*1n4/8/8/8/8/8');
  assert.equal(await page.getAttribute('#ffen', 'aria-invalid'), null);
});

test('markup in the query or the input is shown as text, never run', async () => {
  const evil = '<img src=x id=pwned>"\'/><script>window.pwned=1</script>';
  await page.goto(base + '/?ffen=' + encodeURIComponent(evil) + '&theme=%22%3E%3Cb%3E&size=1e9');
  await page.waitForSelector('#error:not([hidden])', { timeout: 15000 });
  assert.equal(await page.evaluate(() => !!document.getElementById('pwned') || 'pwned' in window), false);
  assert.equal(await page.inputValue('#ffen'), evil);
  assert.equal(await page.inputValue('#size'), '40');
  assert.notEqual(await page.inputValue('#theme'), '"><b>');
  assert.deepEqual(problems, []);
});

// What the page's preview fetches received, in order (the preview shows a blob: URL made from the last one).
async function recordPreviews() {
  const bodies = [];
  const isDiagram = (url) => url.pathname === '/diagram.png';
  await page.route(isDiagram, async (route) => {
    if (route.request().resourceType() !== 'fetch' || route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    if (response.status() === 200) bodies.push(await response.body());
    return route.fulfill({ response });
  });
  return { bodies, done: () => page.unroute(isDiagram) };
}

async function copiedLink() {
  await page.click('button[data-copy=out-link]');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, await page.inputValue('#out-link'));
  assert.ok(link.startsWith(base + '/diagram.png?ffen='), link);
  return link;
}

async function samePng(link, shown, canonical) {
  const res = await fetch(link, { headers: { accept: 'image/png' } });
  assert.equal(res.status, 200, link);
  assert.equal(res.headers.get('content-type'), 'image/png');
  assert.equal(res.headers.get('x-ffen'), canonical);
  assert.ok(Buffer.from(await res.arrayBuffer()).equals(shown), 'same PNG bytes');
}

test('the copied link returns the PNG the preview shows; the <img> tag and legacy link agree', async () => {
  const ffen = "rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-P-r-R-n-N-b-B/cCsSxXtT/'A'B'C'D'W'X'Y'Z/'0'1'2'3'4''11''22''33/RNBQKBNR";
  const canonical = "rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-p-r-r-n-n-b-b/cCsSxXtT/'A'B'C'D'W'X'Y'Z/'0'1'2'3'4''11''22''33/RNBQKBNR";
  await page.goto(base + '/');
  const previews = await recordPreviews();
  await type(ffen);
  await settled(canonical);
  const link = await copiedLink();
  await samePng(link, previews.bodies.at(-1), canonical);
  await previews.done();

  const tag = await page.inputValue('#out-img');
  assert.ok(tag.startsWith('<img src="' + link.replace(/&/g, '&amp;') + '"'), tag);
  const legacy = await page.inputValue('#out-legacy');
  assert.ok(legacy.startsWith(base + '/Retros/d.php?ff='), legacy);
  const old = await fetch(legacy, { headers: { accept: 'image/png' } });
  assert.equal(old.status, 200);
  assert.equal(old.headers.get('x-ffen'), canonical);
});

test('the description is shown under the picture and the <img> tag carries its short form as alt', async () => {
  await page.goto(base + '/');
  const g161 = '4n3/1-*2q2b-qp-*2n/4p-*2qp1/2*2q1pkp-r/4pP*2q1/1p2P2p/1-*2q6/*2q2KB3';
  await type(g161);
  await settled(g161);
  await page.fill('#title', 'Petko Petkov <b>&amp;');
  await page.dispatchEvent('#title', 'input');
  await page.waitForFunction(() => document.getElementById('words').textContent.startsWith('Petko'), null, { timeout: 15000 });
  const words = await page.textContent('#words');
  assert.equal(words, 'Petko Petkov <b>&amp;\nWhite (4): Kd1 Be1 Pe3 Pf4\n' +
    'Black (14): Kf5 Be7 Ne8 Pb3 Pe4 Pe5 Pe6 Pg5 Pg6 Pg7 Ph3, Queen turned 180° a1 c5 g4\n' +
    'Neutral (6): Qf7 Rh5, Queen turned 180° b2 b7 f6, Knight turned 180° h7\n(4+14+6n)\n');
  // The title's markup stays text: no element was made of it.
  assert.equal(await page.locator('#words *').count(), 0);
  const alt = '(4+14+6n) White: Kd1 Be1 Pe3 Pf4; Black: Kf5 Be7 Ne8 Pb3 Pe4 Pe5 Pe6 Pg5 Pg6 Pg7 Ph3, Queen turned 180° a1 c5 g4; ' +
    'Neutral: Qf7 Rh5, Queen turned 180° b2 b7 f6, Knight turned 180° h7';
  await page.waitForFunction((a) => document.getElementById('out-img').value.endsWith('alt="' + a + '">'), alt);
  assert.equal(await page.getAttribute('#preview', 'alt'), alt);
  // The same words as /diagram.txt gives for the copied link's position.
  const link = await page.inputValue('#out-link');
  const txt = await fetch(link.replace('/diagram.png?', '/diagram.txt?'));
  assert.equal(txt.headers.get('content-type'), 'text/plain; charset=utf-8');
  assert.equal(await txt.text(), words);
  assert.deepEqual(problems, []);
});

test('a Bodlaender position the janko notation cannot express: the link still gives the same PNG, no legacy link', async () => {
  await page.goto(base + '/');
  await settled(await page.inputValue('#ffen'));
  const previews = await recordPreviews();
  await page.selectOption('#dialect', 'bodlaender');
  await setNumber('#size', '30');
  await page.waitForFunction(() => document.getElementById('out-link').value.includes('size=30'), null, { timeout: 15000 });
  const before = await page.textContent('#canonical'); // the default position read as Bodlaender's
  await type('-7/8/8/3(nightrider)4/8/8/8/7(zebra1)'); // a missing square and two named pieces
  await page.waitForFunction((b) => document.getElementById('canonical').textContent !== b, before, { timeout: 15000 });
  const canonical = await page.textContent('#canonical');
  assert.match(canonical, /zebra/i);
  await settled(canonical);
  await page.waitForFunction(() => document.getElementById('out-legacy').value.startsWith('(not'));
  const link = await copiedLink();
  assert.match(link, /&size=30$/); // canonical FFEN read as janko, or (if the service cannot read that back) as typed
  await samePng(link, previews.bodies.at(-1), canonical);
  await previews.done();
  assert.match(await page.inputValue('#out-legacy'), /^\(not for this position/);
  assert.equal(await page.isDisabled('button[data-copy=out-legacy]'), true);
  assert.match(await page.textContent('#board-note'), /cannot edit/);
  await page.screenshot({ path: join(ARTIFACTS, 'editor-bodlaender.png') });
  assert.deepEqual(problems, []);
});

test('Game Courier code with a width and XFEN: the page shows the janko string they map to, and the link gives the same PNG', async () => {
  await page.goto(base + '/');
  await settled(await page.inputValue('#ffen'));
  assert.equal(await page.isHidden('#width-box'), true, 'no width for janko');
  const previews = await recordPreviews();
  await page.selectOption('#dialect', 'courier');
  assert.equal(await page.isVisible('#width'), true, 'the width field appears for Game Courier');
  await setNumber('#width', '10');
  const capablanca = 'rnabqkbcnr/pppppppppp/****/PPPPPPPPPP/RNABQKBCNR'; // Capablanca chess, 10×8
  const canonical = 'rn[a:b]bqkb[c:b]nr/pppppppppp/91/91/91/91/PPPPPPPPPP/RN[a:w]BQKB[c:w]NR';
  await type(capablanca);
  const ten = await settled(canonical);
  assert.equal(ten.w - ten.h, 2 * 40, `10 files × 8 ranks of 40 px: ${ten.w}×${ten.h}`);
  assert.match(await page.textContent('#maps-to'), /janko string this Game Courier code maps to/);
  assert.match(page.url(), /dialect=courier&width=10/);
  const link = await copiedLink(); // the canonical string, read by the default (janko) reader
  assert.doesNotMatch(link, /dialect|width/);
  await samePng(link, previews.bodies.at(-1), canonical);
  // the same code at the default width is another board
  await setNumber('#width', '8');
  await page.waitForFunction((c) => !['', c].includes(document.getElementById('canonical').textContent), canonical, { timeout: 15000 });
  const eight = await settled(await page.textContent('#canonical'));
  assert.equal(eight.w, ten.w - 2 * 40, 'eight files');
  // a width the service refuses: its message, inline
  await setNumber('#width', '33');
  await page.waitForSelector('#error:not([hidden])', { timeout: 15000 });
  assert.match(await page.textContent('#error-msg'), /bad value "33" for `width`/);
  await setNumber('#width', '10');
  await settled(canonical);
  // "Edit as janko" puts the canonical string in the field, in the janko dialect: the same diagram
  await page.click('#as-janko');
  await page.waitForFunction(() => document.getElementById('maps-to').textContent === '', null, { timeout: 15000 });
  await settled(canonical);
  assert.equal(await page.inputValue('#ffen'), canonical);
  assert.equal(await page.inputValue('#dialect'), 'janko');
  assert.equal(await page.isHidden('#width-box'), true);
  assert.equal(await page.textContent('#maps-to'), '');
  assert.equal(await page.isHidden('#as-janko'), true);

  // XFEN: neutral, turned and bordered pieces and markers
  await page.selectOption('#dialect', 'xfen');
  assert.equal(await page.isHidden('#width-box'), true, 'no width for XFEN');
  await type('(B!S2)1(k1)(!p)EoAf/8/8/8/8/8/8/8');
  await settled('[]-*2n1*1k-pScTx/8/8/8/8/8/8/8');
  assert.match(await page.textContent('#maps-to'), /janko string this XFEN maps to/);
  await samePng(await copiedLink(), previews.bodies.at(-1), '[]-*2n1*1k-pScTx/8/8/8/8/8/8/8');
  // XFEN is 8×8 only: a short rank is an error with its column
  await type('8/7/8/8/8/8/8/8');
  await page.waitForSelector('#error:not([hidden])', { timeout: 15000 });
  assert.match(await page.textContent('#error-msg'), /column \d+: .*exactly 8/);
  await previews.done();
  await page.screenshot({ path: join(ARTIFACTS, 'editor-dialects.png') });

  // the page's own query selects the dialect and the width
  await page.goto(base + '/?ffen=K10k&dialect=courier&width=10');
  await settled('K9/1k[-][-][-][-][-][-][-][-]');
  assert.equal(await page.inputValue('#width'), '10');
  assert.equal(await page.isVisible('#width'), true);
  assert.deepEqual(problems, []);
});

test('every diagram in the reference section renders', async () => {
  await page.goto(base + '/');
  const srcs = await page.$$eval('#reference img', (imgs) => imgs.map((i) => i.src));
  assert.ok(srcs.length >= 22, `${srcs.length} reference diagrams`);
  assert.ok(srcs.some((src) => src.includes('dialect=courier&width=10')), 'a Game Courier example with a width');
  assert.ok(srcs.some((src) => src.includes('dialect=xfen')), 'XFEN examples');
  assert.ok(srcs.some((src) => new URL(src).pathname === '/xfen/'), 'a yacpdb /xfen/ link');
  for (const src of srcs) {
    const res = await fetch(src, { headers: { accept: 'image/png' } });
    assert.equal(res.status, 200, src);
    assert.equal(res.headers.get('content-type'), 'image/png', src);
  }
  // "Edit" loads an example into the editor, in its dialect
  await page.click('#reference button[data-dialect=courier]');
  await settled('rn[a:b]bqkb[c:b]nr/pppppppppp/91/91/91/91/PPPPPPPPPP/RN[a:w]BQKB[c:w]NR');
  assert.deepEqual([await page.inputValue('#dialect'), await page.inputValue('#width')], ['courier', '10']);
  await page.click('#reference figure button[data-dialect=xfen]');
  await settled('rnbqkbnr/pppp-pppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
  assert.equal(await page.inputValue('#dialect'), 'xfen');
  await page.click('button[data-ffen^="rnbqkbnr/p*1p"]');
  assert.equal(await page.inputValue('#dialect'), 'janko');
  await settled("rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-p-r-r-n-n-b-b/cCsSxXtT/'A'B'C'D'W'X'Y'Z/'0'1'2'3'4''11''22''33/RNBQKBNR");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ARTIFACTS, 'editor.png') });
  await page.screenshot({ path: join(ARTIFACTS, 'editor-full.png'), fullPage: true });
  assert.deepEqual(problems, []);
});

test('the look fields go into the link, and a pasted Interactive Diagram definition draws with its look', async () => {
  await page.goto(base + '/');
  await type('8/8/8/8/8/8/8/8');
  await settled('8/8/8/8/8/8/8/8');
  await page.fill('#lk-colors', 'white gray red');
  await page.fill('#lk-board', '10.21.');
  await page.fill('#lk-files', 'a b  d e f g h'); // a blank label, sent as it is
  await page.check('#lk-borders');
  await page.dispatchEvent('#lk-borders', 'change');
  await page.waitForFunction(() => document.getElementById('out-link').value.includes('borders=1'), null, { timeout: 15000 });
  await settled('8/8/8/8/8/8/8/8');
  const link = await page.inputValue('#out-link');
  const q = new URL(link).searchParams;
  assert.deepEqual([q.get('colors'), q.get('board'), q.get('files'), q.get('borders')], ['white gray red', '10.21.', 'a b  d e f g h', '1']);
  // The link names the preview's diagram: the same ETag as the status line shows.
  const res = await fetch(link);
  assert.equal(res.status, 200);
  assert.ok((await page.textContent('#status')).includes('ETag: ' + res.headers.get('etag')), 'the link gives the preview');
  // A bad look value: the service's message names the parameter.
  await page.fill('#lk-board', '13.'); // colour 3 of three (0-2)
  await page.waitForFunction(() => !document.getElementById('error').hidden, null, { timeout: 15000 });
  assert.match(await page.textContent('#error-msg'), /`board`/);
  for (const id of ['#lk-colors', '#lk-board', '#lk-files']) await page.fill(id, '');
  await page.uncheck('#lk-borders');
  // The definition box: a 10×8 example.
  await page.click('#hgm-box summary');
  await page.fill('#definition', 'files=10\nranks=8\nfirstRank=1\npawn::::a2-j2\nKnight:N:::b1,i1\nArchbishop::::c1\nChancellor::::h1\nLion:::::2');
  await page.click('#use-definition');
  const size = await settled('1n[archbishop:b]4[chancellor:b]n1/pppppppppp/91/91/91/91/PPPPPPPPPP/1N[archbishop:w]4[chancellor:w]N1');
  assert.ok(size.w > size.h, `a 10×8 board with coordinates: ${size.w}×${size.h}`);
  assert.equal(await page.inputValue('#dialect'), 'hgm');
  const hgmLink = new URL(await page.inputValue('#out-link'));
  assert.equal(hgmLink.searchParams.get('dialect'), 'hgm', 'the link carries the definition, so its look stays');
  assert.match(hgmLink.searchParams.get('ffen'), /Archbishop::::c1/);
  // An error in the definition names the column.
  await page.fill('#definition', 'files=10\nknight:N:::b1,z1');
  await page.waitForFunction(() => !document.getElementById('error').hidden, null, { timeout: 15000 });
  assert.match(await page.textContent('#error-msg'), /column 24: "z1" is not a square of this 10×8 board/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ARTIFACTS, 'editor-looks.png') });
  assert.deepEqual(problems, []);
});

test('the piece set picker: its preview, the link, a query and a lichess link choose the set', async () => {
  await page.goto(base + '/');
  const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';
  await settled(await page.inputValue('#ffen'));
  assert.equal(await page.inputValue('#piece'), 'cburnett');
  assert.doesNotMatch(await page.inputValue('#out-link'), /piece=/, 'the default set is left out of the link');
  await page.selectOption('#piece', 'chessnut');
  await page.waitForFunction(() => document.getElementById('out-link').value.includes('&piece=chessnut'));
  // the preview beside the picker shows the set, drawn by the Worker
  await page.waitForFunction(() => {
    const img = document.getElementById('piece-preview');
    return img.src.includes('piece=chessnut') && img.complete && img.naturalWidth > 0;
  });
  // the link's picture is the set's, not cburnett's
  const etag = async (url) => (await fetch(url, { method: 'HEAD' })).headers.get('etag');
  const link = await page.inputValue('#out-link');
  assert.notEqual(await etag(link), await etag(link.replace('&piece=chessnut', '')));
  // a query names the set (any case); a lichess link's set is read by the conversion
  await page.goto(base + '/?ffen=' + encodeURIComponent(start) + '&piece=Fantasy');
  await settled(start);
  assert.equal(await page.inputValue('#piece'), 'fantasy');
  await page.fill('#paste', 'https://lichess1.org/export/fen.gif?fen=' + encodeURIComponent(start) + '&theme=pink&piece=celtic');
  await page.click('#convert');
  await page.waitForFunction(() => document.getElementById('paste-msg').textContent.includes('piece=celtic'));
  assert.equal(await page.inputValue('#piece'), 'celtic');
  assert.deepEqual(problems, []);
});

test('a pasted link of another diagram service shows its position and look, and gives its links here', async () => {
  await page.goto(base + '/');
  await settled(await page.inputValue('#ffen'));
  // web-boardimage (the host and path prefix do not matter: the Worker answers every family on its own host)
  const boardimage = '/web-boardimage/board.png?fen=r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R%20w%20KQkq%20-%202%203' +
    '&orientation=black&lastMove=g1f3&coordinates=true&check=e8&squares=e5,d4';
  await page.fill('#paste', 'https://backscattering.de' + boardimage);
  await page.click('#convert');
  await settled('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R');
  assert.equal(await page.isChecked('#flip'), true);
  assert.equal(await page.isChecked('#coords'), true);
  assert.equal(await page.inputValue('#theme'), 'brown');
  assert.equal(await page.inputValue('#lastmove'), 'g1f3');
  // chess.svg's looks: lichess' last move, the check's glow, squares crossed out
  assert.equal(await page.inputValue('#lastmove_style'), 'lichess');
  assert.equal(await page.inputValue('#check'), 'e8');
  assert.equal(await page.inputValue('#squares'), 'd4,e5');
  assert.equal(await page.inputValue('#squares_style'), 'x');
  assert.match(await page.textContent('#paste-msg'), /^Converted: \/diagram\.png\?ffen=/);
  // the editor's link is the same diagram (the same ETag) as the pasted one; the legacy link has its position
  const etag = async (url) => (await fetch(url, { method: 'HEAD' })).headers.get('etag');
  assert.equal(await etag(await page.inputValue('#out-link')), await etag(base + boardimage));
  assert.match(await page.inputValue('#out-legacy'), /\/d\.php\?ff=r1bqkbnr/);
  // H. G. Muller's fen.cgi: HGM's squares and lines, the pieces' fills
  const fencgi = '/cgi-bin/fen.cgi?f=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20-%200%201&s=45&l=FFFFC0&w=%23FC0&b=Navy';
  // (the same position as before: wait for the conversion, then for its preview)
  const converted = (text) => page.waitForFunction((t) => document.getElementById('paste-msg').textContent.includes(t), text);
  await page.fill('#paste', 'https://www.chessvariants.com' + fencgi);
  await page.click('#convert');
  await converted('white_fill=ffcc00');
  await settled('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR');
  assert.equal(await page.inputValue('#lk-light'), 'ffffc0');
  assert.equal(await page.inputValue('#lk-dark'), 'e0e0e0');
  assert.equal(await page.isChecked('#lk-borders'), true);
  assert.equal(await page.inputValue('#lk-white-fill'), 'ffcc00');
  assert.equal(await page.inputValue('#lk-black-fill'), '000080');
  assert.equal(await etag(await page.inputValue('#out-link')), await etag(base + fencgi));
  // chess.com: its highlights in their colour, half opaque
  const chesscom = '/dynboard?fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20-%200%201&size=2&highlight_squares=e2e4&highlight_squares_color=00FF80';
  await page.fill('#paste', 'https://www.chess.com' + chesscom);
  await page.click('#convert');
  await converted('squares_color=00ff80');
  await settled('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR');
  assert.equal(await page.inputValue('#theme'), 'green');
  assert.equal(await page.inputValue('#squares'), 'e2,e4');
  assert.equal(await page.inputValue('#lk-squares-color'), '00ff80');
  assert.equal(await page.inputValue('#lk-white-fill'), '', 'what the link does not say goes back to the default');
  assert.equal(await etag(await page.inputValue('#out-link')), await etag(base + chesscom));
  // a jinchess link with a bot's trailing #…: what it does not say goes back to the default (no flip, no last move)
  await page.fill('#paste', 'http://www.jinchess.com/chessboard/?p=----k-------------------------------------------------------K---&s=l&cm=o&ct=Draw#8213');
  await page.press('#paste', 'Enter');
  await settled('4k3/8/8/8/8/8/8/4K3');
  assert.equal(await page.isChecked('#flip'), false);
  assert.equal(await page.inputValue('#lastmove'), '');
  assert.equal(await page.inputValue('#lastmove_style'), 'tint');
  assert.equal(await page.inputValue('#check'), '');
  assert.equal(await page.inputValue('#lk-squares-color'), '');
  assert.equal(await page.inputValue('#caption'), 'Draw');
  assert.equal(await page.inputValue('#size'), '40');
  await page.screenshot({ path: join(ARTIFACTS, 'editor-convert.png') });
  assert.deepEqual(problems, []);
});
