// lila-gif's `POST /game.gif` through the real runtime (`wrangler dev` on the built bundle): lila-gif's example
// body (tests/fixtures/lila-gif-example.json) answers its 93-frame GIF at 720×840 with the comment, stored under the
// body's canonical key (the same body spelled otherwise is a HIT, same bytes and ETag); the methods, a bad body and
// one over the limit (with a Content-Length, and chunked without one) are refused with their status and message; a
// browser's CORS preflight is answered.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { ROOT, startWorker } from "./harness.mjs";

const EXAMPLE = readFileSync(path.join(ROOT, "tests/fixtures/lila-gif-example.json"), "utf8");
// http::MAX_BODY_BYTES: 501 frames of 256 bytes and 4 KB (under the paid plan's CPU limit, as here).
const LIMIT = 501 * 256 + 4096;

let worker;
before(async () => {
  // The example game is predicted at about 358 ms of CPU: over wrangler.toml's Free-plan limit (the refusal is
  // tested on the host, tests/game_gif.rs), so the paid plan's limit here.
  worker = await startWorker({ vars: { FFEN_MAX_RENDER_MS: "30000" } });
});
after(async () => {
  await worker?.stop();
});

/** Sends `body` to `path` with `method`; `chunks` sends it in that many pieces, chunked (no Content-Length). */
function send(path, { method = "POST", body = "", chunks = 0, headers = {} } = {}) {
  const { hostname, port } = new URL(worker.base);
  return new Promise((resolve, reject) => {
    const lengths = chunks ? { "transfer-encoding": "chunked" } : { "content-length": Buffer.byteLength(body) };
    const req = http.request({ host: hostname, port, path, method, headers: { ...lengths, ...headers } }, (res) => {
      const parts = [];
      res.on("data", (c) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    if (chunks) {
      const size = Math.ceil(body.length / chunks);
      for (let i = 0; i < body.length; i += size) req.write(body.slice(i, i + size));
    } else if (body) {
      req.write(body);
    }
    req.end();
  });
}

test("lila-gif's example body: its GIF, 720×840 with the comment, then a HIT for the same body spelled otherwise", async () => {
  const first = await send("/game.gif", { body: EXAMPLE });
  assert.equal(first.status, 200, first.body.toString("utf8", 0, 300));
  assert.equal(first.headers["content-type"], "image/gif");
  assert.equal(first.headers["x-cache"], "MISS");
  assert.match(first.headers.etag, /^"[0-9a-f]{16}"$/);
  const gif = first.body;
  assert.equal(gif.toString("latin1", 0, 6), "GIF89a");
  assert.deepEqual([gif.readUInt16LE(6), gif.readUInt16LE(8)], [720, 840]);
  assert.equal(gif[gif.length - 1], 0x3b);
  // The comment extension after the colour table, and a graphic control block a frame.
  const table = 13 + 3 * (1 << ((gif[10] & 7) + 1));
  assert.deepEqual([gif[table], gif[table + 1]], [0x21, 0xfe]);
  assert.equal(gif.toString("latin1", table + 3, table + 3 + gif[table + 2]), "https://lichess.org/Q0iQs5Zi");
  // The same game: fields in another order, other spacing, the theme by an alias, another piece set.
  const body = JSON.parse(EXAMPLE);
  const again = { frames: body.frames, ...body, theme: "wood", piece: "merida" };
  await new Promise((r) => setTimeout(r, 500));
  const second = await send("/game.gif", { body: JSON.stringify(again, null, 3) });
  assert.equal(second.status, 200);
  assert.equal(second.headers["x-cache"], "HIT");
  assert.equal(second.headers.etag, first.headers.etag);
  assert.ok(second.body.equals(first.body));
  // Chunked, without a Content-Length: read to its end all the same.
  const chunked = await send("/game.gif", { body: EXAMPLE, chunks: 5 });
  assert.equal(chunked.status, 200);
  assert.ok(chunked.body.equals(first.body));
});

test("a pgn in place of frames: lila-gif's example game as PGN, the names from its tags, a bad move a 400", async () => {
  const pgn = '[White "GM DrDrunkenstein (2888)"]\n[Black "GM Zhigalko_Sergei (2895)"]\n\n1. c4 Nf6 2. Nc3 e5?! 3. d4?? exd4 $4 4. Qxd4 Nc6 1-0';
  const res = await send("/game.gif", { body: JSON.stringify({ pgn, comment: "pgn" }) });
  assert.equal(res.status, 200, res.body.toString("utf8", 0, 300));
  assert.equal(res.headers["content-type"], "image/gif");
  assert.deepEqual([res.body.readUInt16LE(6), res.body.readUInt16LE(8)], [720, 840], "with the tags' names in bars");
  let frames = 0;
  const b = res.body;
  for (let i = 0; i + 9 < b.length; i++) {
    if (b[i] === 0x21 && b[i + 1] === 0xf9 && b[i + 2] === 4 && b[i + 7] === 0 && b[i + 8] === 0x2c) frames++;
  }
  assert.equal(frames, 9, "the start and eight moves");
  // The blunder's badge colour (lichess' #df5353) is in the palette.
  const table = res.body.subarray(13, 13 + 3 * (1 << ((res.body[10] & 7) + 1)));
  assert.ok(table.includes(Buffer.from([0xdf, 0x53, 0x53])), "the ?? badge's colour");
  const bad = await send("/game.gif", { body: JSON.stringify({ pgn: "1. e4 e5 2. Nf4" }) });
  assert.equal(bad.status, 400);
  assert.match(bad.body.toString("utf8"), /pgn: move 3, Nf4: no knight can reach f4/);
});

test("GET and HEAD on /game.gif are a 405 with Allow: POST; POST elsewhere a 405 with Allow: GET, HEAD", async () => {
  for (const method of ["GET", "HEAD"]) {
    const res = await send("/game.gif", { method });
    assert.equal(res.status, 405, method);
    assert.equal(res.headers.allow, "POST");
  }
  const res = await send("/diagram.gif?ffen=8", { body: "{}" });
  assert.equal(res.status, 405);
  assert.equal(res.headers.allow, "GET, HEAD");
});

test("a CORS preflight (OPTIONS) is a 204 allowing any origin the path's methods and the JSON body's header", async () => {
  const preflight = { "access-control-request-method": "POST", "access-control-request-headers": "content-type", origin: "https://example.org" };
  const res = await send("/game.gif", { method: "OPTIONS", headers: preflight });
  assert.equal(res.status, 204);
  assert.equal(res.headers["access-control-allow-origin"], "*");
  assert.equal(res.headers["access-control-allow-methods"], "POST");
  assert.match(res.headers["access-control-allow-headers"], /Content-Type/);
  assert.equal(res.body.length, 0);
  const diagram = await send("/diagram.png?ffen=8", { method: "OPTIONS", headers: { ...preflight, "access-control-request-method": "GET" } });
  assert.equal(diagram.status, 204);
  assert.equal(diagram.headers["access-control-allow-methods"], "GET, HEAD");
});

test("a bad body is a 400 naming its field; one over the limit a 413, with or without a Content-Length", async () => {
  const refused = async (body, status, message, options = {}) => {
    const res = await send("/game.gif", { body, ...options });
    assert.equal(res.status, status, res.body.toString());
    assert.match(res.body.toString(), message);
    return res;
  };
  await refused('{"frames": [}', 400, /^invalid \/game\.gif body: body: unexpected character at byte 12\n$/);
  await refused('{"frames":[{},{"fen":"8/8/8"}]}', 400, /^invalid \/game\.gif body: frames\[1\]\.fen: expected a chess FEN/);
  await refused('{"frames":[{}],"theme":"wood5"}', 400, /theme: expected one of blue, brown, green, ic, pink, purple/);
  await refused("", 400, /body: unexpected end at byte 0/);
  const big = " ".repeat(LIMIT) + "{}";
  await refused(big, 413, /request body too large: 132354 bytes or more, the limit is 132352/);
  await refused(big, 413, /request body too large: 132353 bytes or more, the limit is 132352/, { chunks: 40 });
});
