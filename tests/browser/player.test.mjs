// The editor's moves field and player (docs/editor.md), in headless Chromium against the real Worker under
// `wrangler dev`: the player cuts the Worker's animated PNG into frames in the page and composes them on a canvas;
// each step must show the still `/diagram.png` of that position with its move as `lastmove`, as the service draws
// it. Also the links with `moves=`, their alt text, a bad move's message and the reduced-motion preference.
// Screenshots go to test-artifacts/player-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS, openBrowser } from './browser.mjs';

// Three moves (not a problem: the frames are what is tested): the diagram, then a frame for each move.
const FFEN = '8/8/8/4k3/8/8/8/3QK3';
const MOVES = '1.Qd1-h5! Ke5-d4 2.Qh5-d5#';
// Each frame's position and its move, written by hand: the stills the frames must equal.
const STILLS = [
  [FFEN, ''],
  ['8/8/8/4k2Q/8/8/8/4K3', 'd1h5'],
  ['8/8/8/7Q/3k4/8/8/4K3', 'e5d4'],
  ['8/8/8/3Q4/3k4/8/8/4K3', 'h5d5'],
];

let base, page, problems, close = async () => {};

before(async () => {
  ({ base, page, problems, close } = await openBrowser({
    baseUrl: process.env.EDITOR_BASE_URL,
    contextOptions: { viewport: { width: 1100, height: 1000 }, reducedMotion: 'reduce' },
    // a broken position or move is a 400 shown inline
    expected: (status, path) => status === 400 && path === '/diagram.png',
  }));
});

after(() => close());

const counter = () => page.textContent('#frame-no');

// Types a delay as a person does: the page reacts to the field's "change" when it loses focus.
async function setDelay(ms) {
  await page.fill('#delay', ms);
  await page.evaluate(() => document.getElementById('delay').blur());
}

// The editor on FFEN with `moves` typed into the field, once the player shows the first of its frames.
async function withMoves(moves) {
  await page.goto(base + '/?ffen=' + encodeURIComponent(FFEN));
  await page.waitForFunction((f) => document.getElementById('canonical').textContent === f, FFEN, { timeout: 15000 });
  await page.fill('#moves', moves);
  await page.waitForFunction(() => !document.getElementById('player').hidden &&
    !document.getElementById('preview-box').classList.contains('busy'), null, { timeout: 15000 });
}

/**
 * How many RGBA samples of the player's canvas differ by more than one level from the still `/diagram.png` of
 * `ffen` with `lastmove`, decoded by the same browser; and a pixel of each named square in both, near its corner
 * (where a move's highlight shows whatever piece stands there).
 */
async function againstStill([ffen, lastmove], squares) {
  return page.evaluate(async ({ ffen, lastmove, squares }) => {
    const canvas = document.getElementById('frames');
    const shown = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const url = '/diagram.png?ffen=' + encodeURIComponent(ffen) + (lastmove ? '&lastmove=' + lastmove : '');
    const bitmap = await createImageBitmap(await (await fetch(url)).blob());
    const still = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
    still.drawImage(bitmap, 0, 0);
    const want = still.getImageData(0, 0, bitmap.width, bitmap.height).data;
    // the board has a 1-px frame, squares of 40 px, rank 8 at the top
    const at = (data, sq) => {
      const x = 1 + (sq.charCodeAt(0) - 97) * 40 + 4, y = 1 + (8 - +sq[1]) * 40 + 4;
      return Array.from(data.slice((y * bitmap.width + x) * 4, (y * bitmap.width + x) * 4 + 4));
    };
    return {
      size: [canvas.width, canvas.height, bitmap.width, bitmap.height],
      differ: shown.length === want.length ? shown.filter((v, i) => Math.abs(v - want[i]) > 1).length : -1,
      shown: squares.map((sq) => at(shown, sq)), want: squares.map((sq) => at(want, sq)),
    };
  }, { ffen, lastmove, squares });
}

async function frameIs(i, squares = []) {
  assert.equal(await counter(), `${i + 1} / ${STILLS.length}`);
  const got = await againstStill(STILLS[i], squares);
  assert.deepEqual(got.size.slice(0, 2), got.size.slice(2), `frame ${i + 1}: the still's size`);
  assert.equal(got.differ, 0, `frame ${i + 1} differs from its still in ${got.differ} samples`);
  assert.deepEqual(got.shown, got.want, `frame ${i + 1}: the moved squares`);
  return got.shown;
}

test('the player shows the frames of the moves, each its still; steps forward and back by button and key', async () => {
  await withMoves(MOVES);
  assert.equal(await page.isHidden('#preview'), true, 'the player takes the picture\'s place');
  assert.match(await page.textContent('#status'), /, 4 frames · /);
  // prefers-reduced-motion: no autoplay
  await page.waitForTimeout(1500);
  assert.equal(await counter(), '1 / 4');
  assert.equal(await page.textContent('#play'), 'Play');
  const before = await frameIs(0, ['d1', 'h5']);
  await page.click('#fwd');
  const after = await frameIs(1, ['d1', 'h5']);
  assert.notDeepEqual(after[0], before[0], 'd1 changed: the move\'s highlight');
  assert.notDeepEqual(after[1], before[1], 'h5 changed: the move\'s highlight');
  // the keyboard: arrows step while the player has focus
  await page.focus('#player');
  await page.keyboard.press('ArrowRight');
  await frameIs(2, ['e5', 'd4']);
  await page.keyboard.press('ArrowRight');
  await frameIs(3, ['h5', 'd5']);
  await page.screenshot({ path: join(ARTIFACTS, 'player-last.png') });
  await page.keyboard.press('ArrowLeft');
  await frameIs(2, ['h5', 'd5']); // back: composed again from the first frame
  await page.click('#back');
  await page.click('#back');
  await frameIs(0, ['d1', 'h5']);
  await page.click('#back'); // round to the last
  await frameIs(3);
  // the buttons have names
  for (const [id, name] of [['back', 'Step back'], ['fwd', 'Step forward']]) {
    assert.equal(await page.getAttribute('#' + id, 'aria-label'), name);
  }
  // play runs through the frames at the delay (200 ms a move here) and pauses
  await setDelay('200');
  await page.waitForFunction(() => document.getElementById('out-link').value.includes('delay=200'), null, { timeout: 15000 });
  await page.waitForFunction(() => !document.getElementById('preview-box').classList.contains('busy'));
  assert.equal(await counter(), '1 / 4');
  await page.click('#play');
  assert.equal(await page.textContent('#play'), 'Pause');
  await page.waitForFunction(() => document.getElementById('frame-no').textContent === '3 / 4', null, { timeout: 5000 });
  await page.click('#play');
  assert.equal(await page.textContent('#play'), 'Play');
  const paused = await counter();
  await page.waitForTimeout(800);
  assert.equal(await counter(), paused, 'paused');
  assert.deepEqual(problems, []);
});

test('the links carry moves= and delay=: the animated PNG, the GIF, their <img> tags with the moves in alt', async () => {
  await withMoves(MOVES);
  const link = await page.inputValue('#out-link');
  const url = new URL(link);
  assert.equal(url.pathname, '/diagram.png');
  assert.equal(url.searchParams.get('moves'), MOVES);
  assert.equal(url.searchParams.get('delay'), null, 'the default delay is left out');
  const gif = await page.inputValue('#out-gif');
  assert.equal(gif, link.replace('/diagram.png?', '/diagram.gif?'));
  assert.equal(await page.isVisible('#out-gif'), true);
  assert.doesNotMatch(await page.inputValue('#out-svg'), /moves=/, 'an SVG is a still: the diagram\'s');
  const png = await fetch(link);
  assert.equal(png.headers.get('content-type'), 'image/png');
  assert.ok(Buffer.from(await png.arrayBuffer()).includes(Buffer.from('acTL')), 'an animated PNG');
  const gifRes = await fetch(gif);
  assert.equal(gifRes.headers.get('content-type'), 'image/gif');
  // alt: the position's short form, then the moves
  const alt = '(2+1) White: Ke1 Qd1; Black: Ke5. Moves: 1.Qd1-h5! Ke5-d4 2.Qh5-d5#';
  await page.waitForFunction((a) => document.getElementById('out-img').value.endsWith('alt="' + a + '">'), alt, { timeout: 15000 });
  assert.equal(await page.inputValue('#out-img'), `<img src="${link.replace(/&/g, '&amp;')}" alt="${alt}">`);
  assert.equal(await page.inputValue('#out-gif-img'), `<img src="${gif.replace(/&/g, '&amp;')}" alt="${alt}">`);
  // the canvas: the position and the frame it shows, not the move list
  assert.equal(await page.getAttribute('#frames', 'aria-label'), '(2+1) White: Ke1 Qd1; Black: Ke5. Shown: the diagram, before the moves');
  // a delay off the default is in every link, and the page's own link brings moves and delay back
  await setDelay('700');
  await page.waitForFunction(() => document.getElementById('out-gif').value.includes('&delay=700'), null, { timeout: 15000 });
  assert.match(await page.inputValue('#out-link'), /&delay=700$/);
  await page.goto(page.url());
  await page.waitForFunction(() => !document.getElementById('player').hidden, null, { timeout: 15000 });
  assert.equal(await page.inputValue('#moves'), MOVES);
  assert.equal(await page.inputValue('#delay'), '700');
  await page.screenshot({ path: join(ARTIFACTS, 'player-links.png') });
  // no moves: the picture again, no GIF links
  await page.fill('#moves', '');
  await page.waitForFunction(() => document.getElementById('player').hidden && !document.getElementById('preview').hidden &&
    !document.getElementById('out-link').value.includes('moves='), null, { timeout: 15000 });
  assert.equal(await page.isHidden('#out-gif'), true);
  assert.equal(await page.isHidden('#out-gif-img'), true);
  assert.deepEqual(problems, []);
});

test('a move that cannot be played shows the service\'s message naming it, as other errors are shown', async () => {
  await withMoves(MOVES);
  await page.fill('#moves', '1.Qd1-h5 Ke3-d4');
  await page.waitForSelector('#error:not([hidden])', { timeout: 15000 });
  assert.equal((await page.textContent('#error-msg')).trim(), 'invalid moves: move 2, Ke3-d4: e3 is empty');
  assert.equal(await page.getAttribute('#moves', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#ffen', 'aria-invalid'), null, 'the position is not what is wrong');
  assert.equal(await page.inputValue('#out-link'), '', 'no stale link to copy');
  assert.equal(await page.isDisabled('button[data-copy=out-gif]'), true);
  await page.screenshot({ path: join(ARTIFACTS, 'player-error.png') });
  // a delay out of range: the service's message, on the delay field
  await page.fill('#moves', MOVES);
  await setDelay('5');
  await page.waitForFunction(() => /`delay`/.test(document.getElementById('error-msg').textContent), null, { timeout: 15000 });
  assert.equal(await page.getAttribute('#delay', 'aria-invalid'), 'true');
  // fixed: the player again, nothing marked
  await setDelay('1000');
  await page.waitForFunction(() => document.getElementById('error').hidden && !document.getElementById('player').hidden, null, { timeout: 15000 });
  assert.equal(await page.getAttribute('#moves', 'aria-invalid'), null);
  assert.deepEqual(problems, []);
});

test('without prefers-reduced-motion the player plays on its own', async () => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  try {
    await page.goto(base + '/?ffen=' + encodeURIComponent(FFEN) + '&delay=100&moves=' + encodeURIComponent(MOVES));
    await page.waitForFunction(() => !document.getElementById('player').hidden, null, { timeout: 15000 });
    assert.equal(await page.textContent('#play'), 'Pause');
    await page.waitForFunction(() => document.getElementById('frame-no').textContent === '4 / 4', null, { timeout: 5000 });
    // round to the first frame after the last one's pause (three delays)
    await page.waitForFunction(() => document.getElementById('frame-no').textContent === '1 / 4', null, { timeout: 5000 });
    await page.click('#play');
  } finally {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  }
  assert.deepEqual(problems, []);
});
