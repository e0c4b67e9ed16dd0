// Animations (docs/animation.md) as Chromium reads them: the animated PNG and the GIF of two lines of moves, served
// by the real Worker under `wrangler dev`, decoded frame by frame with the browser's own ImageDecoder (WebCodecs),
// which composes each frame on its canvas; every frame must be the still PNG of its position with its move as
// `lastmove`, and show for its delay (the last frame of a line three times as long).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser } from './browser.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

let base, page, close = async () => {};

before(async () => {
  ({ base, page, close } = await openBrowser());
  // A document of the Worker's origin (a secure context, as WebCodecs asks).
  await page.goto(`${base}/diagram.png?ffen=8`);
});

after(() => close());

/** In the page: each frame of the animation at `url` as RGBA bytes and its duration in ms, and each still's bytes. */
async function framesAndStills(url, type, stills) {
  return page.evaluate(async ({ url, type, stills }) => {
    const pixels = (source, w, h) => {
      const canvas = new OffscreenCanvas(w, h);
      const g = canvas.getContext('2d');
      g.drawImage(source, 0, 0);
      return Array.from(g.getImageData(0, 0, w, h).data);
    };
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    const decoder = new ImageDecoder({ data: response.body, type });
    await decoder.tracks.ready;
    await decoder.completed;
    const count = decoder.tracks.selectedTrack.frameCount;
    const frames = [];
    for (let i = 0; i < count; i++) {
      const { image } = await decoder.decode({ frameIndex: i });
      frames.push({ rgba: pixels(image, image.displayWidth, image.displayHeight), ms: image.duration / 1000 });
      image.close();
    }
    const decoded = [];
    for (const still of stills) {
      const bitmap = await createImageBitmap(await (await fetch(still)).blob());
      decoded.push(pixels(bitmap, bitmap.width, bitmap.height));
    }
    return { frames, stills: decoded, repetitions: decoder.tracks.selectedTrack.repetitionCount };
  }, { url, type, stills });
}

test('every frame of the APNG and the GIF, as Chromium decodes it, is its still, for its time', async () => {
  const look = 'size=20&coords=1&theme=brown';
  const moves = encodeURIComponent('1.e2-e4 e7-e5 | 1.d2-d4');
  const still = (ffen, lastmove) => `/diagram.png?ffen=${encodeURIComponent(ffen)}&lastmove=${lastmove}&${look}`;
  const stills = [
    still(START, ''),
    still('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR', 'e2e4'),
    still('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR', 'e7e5'),
    still(START, ''),
    still('rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR', 'd2d4'),
  ];
  const durations = [400, 400, 1200, 400, 1200];
  for (const [path, type] of [['/diagram.png', 'image/png'], ['/diagram.gif', 'image/gif']]) {
    const url = `${path}?ffen=${encodeURIComponent(START)}&moves=${moves}&delay=400&${look}`;
    const got = await framesAndStills(url, type, stills);
    assert.equal(got.frames.length, stills.length, `${type}: frames`);
    assert.equal(got.repetitions, Infinity, `${type}: loops for ever`);
    got.frames.forEach((frame, i) => {
      assert.equal(frame.rgba.length, got.stills[i].length, `${type} frame ${i}: size`);
      const differ = frame.rgba.filter((v, j) => Math.abs(v - got.stills[i][j]) > 1).length;
      assert.equal(differ, 0, `${type} frame ${i} differs from its still in ${differ} samples`);
      assert.equal(frame.ms, durations[i], `${type} frame ${i}: duration`);
    });
  }
});
