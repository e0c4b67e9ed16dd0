// End-to-end tests of the Worker in the real local runtime (`wrangler dev` on the built bundle, see harness.mjs):
// the spec's example links, equivalent spellings, the dialects and link forms (Game Courier with `width`, `/xfen/`
// links, links encoded two or three times, other services' links), the edge cache (MISS then HIT), 304, HEAD, error responses, and no 5xx
// over a few hundred generated broken and random inputs.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { ROOT, startWorker } from "./harness.mjs";

// Unchanged copies of shared/spec/000 and 001 (see tests/fixtures/spec/README.md).
const SPEC_DIR = path.resolve(ROOT, "tests/fixtures/spec");
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** Sends a request with the path and query exactly as given (no URL normalisation). */
function request(base, rawPath, { method = "GET", headers = {} } = {}) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method, headers, agent }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(buf) {
  assert.ok(buf.length > 24, `PNG too short (${buf.length} bytes)`);
  assert.deepEqual([...buf.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "PNG signature");
  assert.equal(buf.subarray(12, 16).toString("latin1"), "IHDR");
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** Files × ranks of a janko-dialect FFEN (enough for the spec's examples). */
function boardDims(ffen) {
  const ranks = ffen.replace(/\.(png|gif)$/, "").split("/");
  let files = 0;
  for (const rank of ranks) {
    let n = 0;
    for (let i = 0; i < rank.length; i++) {
      const ch = rank[i];
      if (ch === "'") {
        const quotes = rank[i + 1] === "'" ? 2 : 1;
        i += quotes === 2 ? 3 : 1;
        n += 1;
      } else if (ch === "-") {
        continue;
      } else if (ch === "*") {
        i += 1;
      } else if (/[0-9]/.test(ch)) {
        n += Number(ch);
      } else {
        n += 1;
      }
    }
    files = Math.max(files, n);
  }
  return { files, ranks: ranks.length };
}

/** The example links of the janko.at and Retro-Wiki spec pages, exactly as written there (wrapped lines joined). */
function specLinks() {
  const file = (prefix) => {
    const name = readdirSync(SPEC_DIR).find((f) => f.startsWith(prefix) && f.endsWith(".txt"));
    return readFileSync(path.join(SPEC_DIR, name), "utf8");
  };
  const janko = [...file("000_").matchAll(/http:\/\/www\.janko\.at\/Retros\/d\.php\?ff=[^\s"<>]+/g)].map((m) => m[0]);
  const wiki = [];
  const lines = file("001_").split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === "http://retrowiki.janko.at/d.php?") {
      let link = lines[i].trim();
      while (!link.endsWith(".png") && i + 1 < lines.length) link += lines[++i].trim();
      wiki.push(link);
    }
  }
  return { janko, wiki };
}

/** The path and query of an absolute link, byte for byte. */
const pathOf = (link) => link.replace(/^https?:\/\/[^/]+/, "");

let worker;
before(async () => {
  worker = await startWorker();
});
after(async () => {
  agent.destroy();
  await worker?.stop();
});

const get = (p, opts) => request(worker.base, p, opts);

async function diagram(p, opts) {
  const res = await get(p, opts);
  assert.equal(res.status, 200, `${p}: ${res.status} ${res.body.toString("utf8").slice(0, 300)}`);
  assert.equal(res.headers["content-type"], "image/png", p);
  return res;
}

describe("spec example links", () => {
  test("every example link returns a PNG of the board's dimensions", async () => {
    const { janko, wiki } = specLinks();
    assert.equal(janko.length, 8, "janko.at example links found (the <img> one included)");
    assert.equal(wiki.length, 7, "Retro-Wiki example links found");
    const empty8 = pngSize((await diagram("/diagram.png?ffen=8/8/8/8/8/8/8/8")).body);
    const empty9 = pngSize((await diagram("/diagram.png?ffen=9/9/9/9/9/9/9/9/9")).body);
    const square = empty9.width - empty8.width;
    assert.ok(square > 0 && empty9.height - empty8.height === square, "one more file and rank adds one square");
    for (const link of [...janko, ...wiki]) {
      const res = await diagram(pathOf(link));
      const ffen = decodeURIComponent(pathOf(link).replace(/^.*?(ff|fen)=/, ""));
      const { files, ranks } = boardDims(ffen);
      const size = pngSize(res.body);
      assert.deepEqual(
        size,
        { width: empty8.width + (files - 8) * square, height: empty8.height + (ranks - 8) * square },
        `${link}: a ${files}x${ranks} board`,
      );
      assert.ok(res.headers["x-ffen"], "X-FFEN");
      assert.match(res.headers.etag, /^"[0-9a-f]{16}"$/);
    }
  });

  test("the same position from both sites is the same diagram", async () => {
    const { janko, wiki } = specLinks();
    const key = (link) => pathOf(link).replace(/^.*?(ff|fen)=/, "").replace(/\.png$/, "");
    let pairs = 0;
    for (const j of janko) {
      const w = wiki.find((l) => key(l) === key(j));
      if (!w) continue;
      pairs++;
      const a = await diagram(pathOf(j));
      const b = await diagram(pathOf(w));
      assert.equal(a.headers["x-ffen"], b.headers["x-ffen"]);
      assert.equal(a.headers.etag, b.headers.etag);
      assert.ok(a.body.equals(b.body), `${j} and ${w}: same bytes`);
    }
    assert.ok(pairs >= 5, `pairs found: ${pairs}`);
  });
});

describe("diagrams", () => {
  test("equivalent spellings give the same X-FFEN, ETag and bytes", async () => {
    const enc = encodeURIComponent(START);
    const spellings = [
      `/Retros/d.php?ff=${START}`,
      `/d.php?fen=${START}.png`,
      `/d.php?fen=${START}.gif`,
      `/Retros/d.php?ff=${enc}`,
      `/d.php?sb=1&ff=${START}&xyz=%20`,
      `/d.php?ff=${START}+w+KQkq+-+0+1`,
      `/d.php?ff=${START}%20w%20KQkq%20-%200%201`,
      `/diagram.png?ffen=${START}`,
      `/diagram.png?dialect=janko&ffen=${enc}`,
    ];
    const first = await diagram(spellings[0]);
    assert.equal(first.headers["x-ffen"], START);
    for (const s of spellings.slice(1)) {
      const res = await diagram(s);
      assert.equal(res.headers["x-ffen"], first.headers["x-ffen"], s);
      assert.equal(res.headers.etag, first.headers.etag, s);
      assert.ok(res.body.equals(first.body), `${s}: same bytes`);
    }
    // Quotes and stars, raw and percent-encoded.
    const fairy = "'a'b*1Q*3q-p''23'71/8/8/8/8/8/8/8";
    const a = await diagram(`/d.php?ff=${fairy}`);
    const b = await diagram(`/d.php?ff=${encodeURIComponent(fairy).replace(/'/g, "%27").replace(/\*/g, "%2A")}`);
    assert.equal(a.headers.etag, b.headers.etag);
    assert.ok(a.body.equals(b.body));
    // A raw double quote (typed for '') and its percent-encoding read as ''23.
    const quoted = await Promise.all([
      diagram("/d.php?ff=''23k6/8/8/8/8/8/8/7K"),
      diagram('/d.php?ff="23k6/8/8/8/8/8/8/7K'),
      diagram("/d.php?ff=%2223k6/8/8/8/8/8/8/7K"),
    ]);
    for (const res of quoted.slice(1)) assert.equal(res.headers.etag, quoted[0].headers.etag);
  });

  test("headers: immutable, CORS, exposed headers", async () => {
    const res = await diagram(`/diagram.png?ffen=${START}&flip=1`);
    assert.equal(res.headers["cache-control"], "public, max-age=31536000, immutable");
    assert.equal(res.headers["access-control-allow-origin"], "*");
    for (const h of ["ETag", "X-FFEN", "X-Cache"]) {
      assert.ok(res.headers["access-control-expose-headers"].includes(h), h);
    }
  });

  test("first request MISS, then HIT with identical bytes", async () => {
    const p = "/diagram.png?ffen=8/8/3Q4/8/2k5/8/8/K7";
    const miss = await diagram(p);
    assert.equal(miss.headers["x-cache"], "MISS");
    let hit;
    for (let i = 0; i < 40; i++) {
      hit = await diagram(p);
      if (hit.headers["x-cache"] === "HIT") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(hit.headers["x-cache"], "HIT");
    assert.ok(hit.body.equals(miss.body), "same bytes");
    assert.equal(hit.headers.etag, miss.headers.etag);
    assert.equal(hit.headers["cache-control"], miss.headers["cache-control"]);
    assert.equal(hit.headers["x-ffen"], miss.headers["x-ffen"]);
    // Another spelling of the same diagram is a hit too.
    const other = await diagram("/x/d.php?ff=8/8/3Q4/8/2k5/8/8/K7.png");
    assert.equal(other.headers["x-cache"], "HIT");
  });

  test("If-None-Match with the ETag gives 304 without a body", async () => {
    const p = "/d.php?ff=4k3/8/8/8/8/8/8/4K3";
    const res = await diagram(p);
    const notModified = await get(p, { headers: { "If-None-Match": res.headers.etag } });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body.length, 0);
    assert.equal(notModified.headers.etag, res.headers.etag);
    const changed = await get(p, { headers: { "If-None-Match": '"0000000000000000"' } });
    assert.equal(changed.status, 200);
  });

  test("HEAD gives the headers without a body", async () => {
    for (const p of ["/d.php?ff=8/8/8/8/8/8/8/R3K2R", "/d.php?ff=8/8/8/8/8/8/8/R3K2R"]) {
      const head = await get(p, { method: "HEAD" });
      assert.equal(head.status, 200);
      assert.equal(head.headers["content-type"], "image/png");
      assert.equal(head.body.length, 0);
      assert.match(head.headers.etag, /^"[0-9a-f]{16}"$/);
    }
    const page = await get("/", { method: "HEAD" });
    assert.equal(page.status, 200);
    assert.equal(page.body.length, 0);
  });

  test("the page at / is HTML with a CSP", async () => {
    const res = await get("/");
    assert.equal(res.status, 200);
    assert.match(res.headers["content-type"], /^text\/html/);
    assert.ok(res.headers["content-security-policy"]);
    assert.ok(!res.headers["cache-control"].includes("immutable"));
  });
});

describe("dialects and link forms", () => {
  /** The responses of `paths` (all 200 PNGs) have one X-FFEN (`canonical`), one ETag and the same bytes. */
  async function oneDiagram(canonical, paths) {
    const first = await diagram(paths[0]);
    assert.equal(first.headers["x-ffen"], canonical, paths[0]);
    for (const p of paths.slice(1)) {
      const res = await diagram(p);
      assert.equal(res.headers["x-ffen"], canonical, p);
      assert.equal(res.headers.etag, first.headers.etag, p);
      assert.ok(res.body.equals(first.body), `${p}: same bytes as ${paths[0]}`);
    }
    return first;
  }

  test("one diagram in janko, Bodlaender, Game Courier and XFEN, on every route: one X-FFEN, ETag and PNG", async () => {
    await oneDiagram(START, [
      `/Retros/d.php?ff=${START}`,
      "/d.php?ff=rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR",
      `/diagram.png?ffen=${START}&dialect=bodlaender`,
      "/diagram.png?ffen=rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR&dialect=courier",
      "/diagram.png?ffen=rnbqkbnr/pppppppp/****/PPPPPPPP/RNBQKBNR&dialect=courier&width=8",
      "/diagram.png?ffen=rnbqkbnr/pppppppp/*/*/*/*/PPPPPPPP/RNBQKBNR&dialect=courier",
      "/diagram.png?ffen=rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR&dialect=xfen",
      "/xfen/?rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR",
      `/xfen?${encodeURIComponent(START)}`,
    ]);
    // Neutral, turned, bordered pieces and markers: janko (with the canonical extension) and XFEN.
    const fairy = "[]-*2n1*1k-pScTx/8/8/8/8/8/8/8";
    await oneDiagram(fairy, [
      `/d.php?ff=${encodeURIComponent(fairy)}`,
      "/diagram.png?ffen=%5B%5D-*2N1*1k-PScTx/8/8/8/8/8/8/8",
      "/diagram.png?dialect=xfen&ffen=(B!S2)1(k1)(!p)EoAf/8/8/8/8/8/8/8",
      "/xfen/?(B!S2)1(k1)(!p)EoAf/8/8/8/8/8/8/8",
      `/yacpdb/xfen/?${encodeURIComponent("(B!S2)1(k1)(!p)EoAf/8/8/8/8/8/8/8")}`,
    ]);
  });

  test("Game Courier with width: the board is that many files wide; a bad width is a 400 naming width", async () => {
    const ten = "rnabqkbcnrpppppppppp40PPPPPPPPPPRNABQKBCNR";
    const canonical = "rn[a:b]bqkb[c:b]nr/pppppppppp/91/91/91/91/PPPPPPPPPP/RN[a:w]BQKB[c:w]NR";
    const res = await oneDiagram(canonical, [
      `/diagram.png?ffen=${ten}&dialect=courier&width=10`,
      "/diagram.png?ffen=rnabqkbcnr/pppppppppp/****/PPPPPPPPPP/RNABQKBCNR&dialect=courier&width=%2010",
      "/diagram.png?ffen=rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR&dialect=bodlaender",
      `/d.php?ff=${encodeURIComponent(canonical)}`,
    ]);
    const empty8 = pngSize((await diagram("/diagram.png?ffen=8/8/8/8/8/8/8/8")).body);
    const empty9 = pngSize((await diagram("/diagram.png?ffen=9/9/9/9/9/9/9/9")).body);
    const square = empty9.width - empty8.width;
    assert.deepEqual(pngSize(res.body), { width: empty8.width + 2 * square, height: empty8.height }, "10 files × 8 ranks");
    // The same code at the default width of 8 is another board (and another diagram).
    const eight = await diagram(`/diagram.png?ffen=${ten}&dialect=courier`);
    assert.notEqual(eight.headers.etag, res.headers.etag);
    assert.equal(pngSize(eight.body).width, empty8.width);
    for (const bad of ["0", "33", "ten"]) {
      const err = await get(`/diagram.png?ffen=K&dialect=courier&width=${bad}`);
      assert.equal(err.status, 400, bad);
      assert.match(err.body.toString("utf8"), new RegExp(`bad value "${bad}" for \`width\`.*from 1 to 32`));
    }
    // width belongs to Game Courier: with another dialect it is ignored.
    const janko = await diagram("/diagram.png?ffen=K7&width=ten");
    assert.equal(janko.headers.etag, (await diagram("/diagram.png?ffen=K7")).headers.etag);
  });

  test("/xfen/ links: the query is the XFEN, raw or percent-encoded; '&' ends it, '+' starts FEN fields", async () => {
    const xfen = "rnbqkbnr/pppp(!p)ppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    const canonical = "rnbqkbnr/pppp-pppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    await oneDiagram(canonical, [
      `/xfen/?${xfen}`,
      `/xfen?${xfen}`,
      `/some/where/xfen/?${encodeURIComponent(xfen)}`,
      `/xfen/?${xfen}&fbclid=IwAR0abc&size=96`,
      `/xfen/?${xfen}+w+KQkq+-+0+1`,
      `/d.php?ff=${canonical}`,
      `/diagram.png?dialect=xfen&ffen=${encodeURIComponent(xfen)}`,
    ]);
    const text = (res) => res.body.toString("utf8");
    const missing = await get("/xfen/");
    assert.equal(missing.status, 400);
    assert.match(text(missing), /missing position: a yacpdb link reads …\/xfen\/\?<XFEN>/);
    const bad = await get("/xfen/?8/8/8/3z4/8/8/8/8");
    assert.equal(bad.status, 400);
    assert.match(text(bad), /^invalid FFEN, column 8: /);
    const equals = await get("/xfen/?8/8=1/8/8/8/8/8/8");
    assert.match(text(equals), /^invalid FFEN, column 4: .*'='/);
    assert.equal((await get("/xfenx/?8/8/8/8/8/8/8/8")).status, 404);
  });

  test("links encoded twice or three times read on every route; a value that reads is never decoded", async () => {
    const plain = "4k3/8/8/8/8/8/8/4K3";
    const twice = plain.replace(/\//g, "%252F"); // pasted through two encoders
    const thrice = plain.replace(/\//g, "%25252F");
    await oneDiagram(plain, [
      `/d.php?ff=${plain}`,
      `/d.php?ff=${twice}`,
      `/Retros/d.php?fen=${thrice}.png`,
      `/diagram.png?ffen=${twice}`,
      `/diagram.png?dialect=courier&ffen=${thrice}`,
      `/xfen/?${twice}`,
      `/xfen/?${thrice}`,
    ]);
    // %2527: a quote encoded twice; %252A a star.
    await oneDiagram("'a*1Q6/8", ["/d.php?ff='a*1Q/8", "/d.php?ff=%2527a%252A1Q%252F8"]);
    // Four encoders are one too many: the error of the value as it came, at its column.
    const four = await get(`/d.php?ff=${plain.replace(/\//g, "%2525252F")}`);
    assert.equal(four.status, 400);
    assert.match(four.body.toString("utf8"), /^invalid FFEN, column 4: .*'%'/);
    // '%' is an empty square in Bodlaender's dialect, so "%2F4" reads as it is there (and is not decoded).
    const bod = await diagram("/diagram.png?dialect=bodlaender&ffen=%252F4");
    assert.equal(bod.headers["x-ffen"], "3[f:w]4");
    assert.equal((await diagram("/diagram.png?ffen=4%252F4")).headers["x-ffen"], "4/4");
  });
});

describe("other services' links (src/links/, docs/links.md)", () => {
  const E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
  const FEN = `${E4}%20b%20KQkq%20e3%200%201`;

  test("one position through every family is one X-FFEN; each answers in its format and look", async () => {
    const links = [
      ["/chessboard/?p=rnbqkbnrpppppppp--------------------P-----------PPPP-PPPRNBQKBNR&s=m", "image/png"],
      [`/image/32/coords/${E4}.png?utm=1`, "image/png"],
      ["/chess/stilldiagram.php?d=DRNBQKBNRPPPP_PPP____________P___________________pppppppprnbqkbnr", "image/png"],
      [`/board.png?fen=${FEN}&size=400&coordinates=1`, "image/png"],
      [`/board.svg?fen=${FEN}&orientation=black`, "image/svg+xml"],
      [`/export/fen.gif?fen=${FEN}&color=black&lastMove=e2e4`, "image/png"],
      [`/image.gif?fen=${FEN}&check=1`, "image/png"],
      [`/${E4}-flip-e2e4.png`, "image/png"],
      [`/fen2image/${FEN}?pov=black`, "image/png"],
      [`/${FEN}?turn=black`, "image/png"],
      [`/dynboard?fen=${FEN}&size=2&flip=true`, "image/png"],
      [`/diagram?fen=${FEN}&size=1&light=ffffff`, "image/png"],
      [`/api/?fen=${FEN}&raw=true`, "image/png"],
      [`/cgi-bin/fen.cgi?f=${FEN}&s=30&l=FFFFC0`, "image/png"],
      [`/ChessImager/ChessImager.php?fen=${E4}/&direction=reverse&nonsense=foobar.png`, "image/png"],
      [`/php/pictureParser.php?fen=${FEN}&coord=on&.png`, "image/png"],
      [`/play/pbm/drawdiagram.php?code=${E4}`, "image/png"],
      [`/diagram.png?fen=${E4}`, "image/png"],
    ];
    for (const [link, type] of links) {
      const res = await get(link);
      assert.equal(res.status, 200, `${link}: ${res.body}`);
      assert.equal(res.headers["x-ffen"], E4, link);
      assert.equal(res.headers["content-type"], type, link);
      // the canonical link (the header's first value; the text's link follows it) leads back to the same diagram
      const [, canonical, text] = /^<([^>]*)>; rel="canonical", <([^>]*)>; rel="alternate"; type="text\/plain"$/.exec(res.headers.link);
      assert.ok(text.startsWith("/diagram.txt?ffen="), text);
      const again = await get(canonical);
      assert.equal(again.headers.etag, res.headers.etag, `${link} → ${canonical}`);
    }
    // lichess' own size: 90-px squares, a 720×720 board (and its 2-px frame), coordinates on by default as
    // lila-gif draws them (ours in the margins: 760×760), off with lila-gif's `coordinates=false`
    assert.deepEqual(pngSize((await get(`/export/fen.gif?fen=${FEN}`)).body), { width: 760, height: 760 });
    assert.deepEqual(pngSize((await get(`/image.gif?fen=${FEN}&coordinates=false`)).body), { width: 724, height: 724 });
  });

  test("a broken position is a 400 naming it; a path that is no position stays a 404", async () => {
    const bad = await get("/chessboard/?p=rnbqkbnr");
    assert.equal(bad.status, 400);
    assert.match(bad.body.toString(), /`p` of a jinchess link: 8 squares, expected 64/);
    const fen = await get("/board.png?fen=rnbqkbnr/ppppppppz/8/8/8/8/PPPPPPPP/RNBQKBNR");
    assert.equal(fen.status, 400);
    assert.match(fen.body.toString(), /^invalid FFEN, column 18/);
    for (const p of ["/favicon.png", "/robots.txt", "/image/", "/apple-touch-icon.png"]) {
      assert.equal((await get(p)).status, 404, p);
    }
  });
});

describe("problem-diagram furniture", () => {
  const text = (res) => res.body.toString("utf8");
  const G161 = "4n3/1-*2q2b-qp-*2n/4p-*2qp1/2*2q1pkp-r/4pP*2q1/1p2P2p/1-*2q6/*2q2KB3";

  test("title, caption and count add bands; lists in any order are one cache entry", async () => {
    const plain = pngSize((await diagram(`/diagram.png?ffen=${G161}`)).body);
    const title = encodeURIComponent("Petko Petkov|feenschach 1993, Prix spécial");
    const res = await diagram(`/diagram.png?ffen=${G161}&title=${title}&caption=%232%20Circe&count=1`);
    const size = pngSize(res.body);
    assert.equal(size.width, plain.width);
    assert.ok(size.height > plain.height + 60, `${size.height} > ${plain.height} + bands`);
    const a = await diagram(`/diagram.png?ffen=${G161}&squares=Ge4,c3,Rd5&arrows=Bh7c2,Ge2e4`);
    const b = await diagram(`/diagram.png?ffen=${G161}&arrows=Ge2e4,Bh7c2,Ge2e4&squares=c3,Rd5,Ge4,c3`);
    assert.equal(a.headers.etag, b.headers.etag);
    assert.ok(a.body.equals(b.body));
    assert.notEqual(a.headers.etag, (await diagram(`/diagram.png?ffen=${G161}`)).headers.etag);
  });

  test("a square off the board or text the font cannot draw is a 400 naming the parameter", async () => {
    for (const [query, says] of [
      ["squares=i1", "`squares`"],
      ["arrows=a1a9", "`arrows`"],
      ["lastmove=e2", "`lastmove`"],
      ["title=%E2%98%83", "`title`"],
      ["count=maybe", "`count`"],
    ]) {
      const res = await get(`/diagram.png?ffen=8/8/8/8/8/8/8/8&${query}`);
      assert.equal(res.status, 400, query);
      assert.ok(text(res).includes(says), `${query}: ${text(res)}`);
    }
  });

  test("d.php and /xfen/ links keep the default look whatever they carry", async () => {
    const legacy = await diagram("/d.php?ff=8/8/8/8/8/8/8/8&count=1&squares=e4&title=x");
    const plain = await diagram("/diagram.png?ffen=8/8/8/8/8/8/8/8");
    assert.equal(legacy.headers.etag, plain.headers.etag);
  });
});

describe("words (docs/words.md)", () => {
  const G161 = "4n3/1-*2q2b-qp-*2n/4p-*2qp1/2*2q1pkp-r/4pP*2q1/1p2P2p/1-*2q6/*2q2KB3";
  const ffen = encodeURIComponent(G161);

  test("/diagram.txt: the piece list, cached and ETag-ed under its own key, the look ignored", async () => {
    const p = `/diagram.txt?ffen=${G161}&lang=de&size=60&theme=brown&caption=%232%20Circe`;
    const res = await get(p);
    assert.equal(res.status, 200);
    assert.equal(res.headers["content-type"], "text/plain; charset=utf-8");
    assert.equal(res.body.toString("utf8"), "Weiß (4): Kd1 Le1 Be3 Bf4\n" +
      "Schwarz (14): Kf5 Le7 Se8 Bb3 Be4 Be5 Be6 Bg5 Bg6 Bg7 Bh3, Dame um 180° gedreht a1 c5 g4\n" +
      "Neutral (6): Df7 Th5, Dame um 180° gedreht b2 b7 f6, Springer um 180° gedreht h7\n(4+14+6n)\n#2 Circe\n");
    assert.equal(res.headers.link, `</diagram.txt?ffen=${ffen}&caption=%232+Circe&lang=de>; rel="canonical"`);
    const plain = await get(`/diagram.txt?ffen=${G161}&caption=%232%20Circe&lang=de`);
    assert.equal(plain.headers.etag, res.headers.etag);
    assert.notEqual((await get(`/diagram.png?ffen=${G161}&caption=%232%20Circe`)).headers.etag, res.headers.etag);
    const notModified = await get(p, { headers: { "If-None-Match": res.headers.etag } });
    assert.equal(notModified.status, 304);
    const popeye = await get(`/diagram.txt?ffen=${G161}&form=popeye`);
    assert.ok(popeye.body.toString("utf8").startsWith("pieces white Kd1 Be1 Pe3 Pf4\n"), popeye.body.toString("utf8"));
  });

  test("/diagram.json: the same reading as data, with the modern links", async () => {
    const res = await get(`/diagram.json?ffen=${G161}&size=60&lang=fr`);
    assert.equal(res.status, 200);
    assert.equal(res.headers["content-type"], "application/json");
    const data = JSON.parse(res.body.toString("utf8"));
    assert.equal(data.ffen, G161);
    assert.equal(data.pieces.length, 24);
    assert.deepEqual(data.pieces.find((p) => p.square === "h7"), { square: "h7", colour: "neutral", letter: "N", turn: 180, neutral: true });
    assert.ok(data.description.startsWith("Blancs (4)\u00a0: Rd1 Fe1"), data.description);
    assert.equal(data.links.png, `/diagram.png?ffen=${ffen}&size=60`);
    assert.equal(data.links.txt, `/diagram.txt?ffen=${ffen}&lang=fr`);
    const png = await diagram(data.links.png);
    assert.equal(png.headers["x-ffen"], G161);
  });

  test("every diagram links its text in the same Link header; bad lang or form is a text 400", async () => {
    const res = await diagram(`/Retros/d.php?ff=${G161}`);
    assert.equal(res.headers.link,
      `</diagram.png?ffen=${ffen}>; rel="canonical", </diagram.txt?ffen=${ffen}>; rel="alternate"; type="text/plain"`);
    for (const [query, says] of [["lang=es", "`lang`: expected one of en, de, fr"], ["form=xml", "`form`: expected one of list, popeye"]]) {
      const bad = await get(`/diagram.txt?ffen=8&${query}`, { headers: { accept: "image/png" } });
      assert.equal(bad.status, 400);
      assert.equal(bad.headers["content-type"], "text/plain; charset=utf-8");
      assert.ok(bad.body.toString("utf8").includes(says), bad.body.toString("utf8"));
    }
  });
});

describe("animations (docs/animation.md)", () => {
  /** The number of frames an animated PNG's acTL announces (0 for a still PNG). */
  function apngFrames(buf) {
    const at = buf.indexOf("acTL", 0, "latin1");
    return at < 0 ? 0 : buf.readUInt32BE(at + 4);
  }
  /** The image descriptors (0x2C introducers after a graphic control block) of a GIF made by our encoder. */
  function gifFrames(buf) {
    let frames = 0;
    for (let i = 0; i + 9 < buf.length; i++) {
      if (buf[i] === 0x21 && buf[i + 1] === 0xf9 && buf[i + 2] === 4 && buf[i + 7] === 0 && buf[i + 8] === 0x2c) frames++;
    }
    return frames;
  }

  test("moves on /diagram.png: an animated PNG, cached under its moves, the still's key untouched", async () => {
    const p = `/diagram.png?ffen=${START}&size=20&moves=1.e2-e4%20e7-e5%202.Sg1-f3!`;
    const res = await diagram(p);
    assert.equal(res.headers["x-cache"], "MISS");
    assert.equal(apngFrames(res.body), 4, "the diagram and three moves");
    assert.deepEqual(pngSize(res.body), { width: 162, height: 162 });
    const canonical = `/diagram.png?ffen=${encodeURIComponent(START)}&size=20&moves=e2e4+e7e5+g1f3`;
    assert.ok(res.headers.link.startsWith(`<${canonical}>; rel="canonical"`), res.headers.link);
    const again = await diagram(canonical);
    assert.equal(again.headers.etag, res.headers.etag);
    assert.equal(again.headers["x-cache"], "HIT");
    assert.ok(again.body.equals(res.body));
    const still = await diagram(`/diagram.png?ffen=${START}&size=20&moves=`);
    assert.equal(apngFrames(still.body), 0);
    assert.notEqual(still.headers.etag, res.headers.etag);
  });

  test("/diagram.gif: a still GIF without moves, an animation with them; the families' .gif links stay PNG", async () => {
    const still = await get(`/diagram.gif?ffen=${START}&size=20`);
    assert.equal(still.status, 200, still.body.toString("utf8"));
    assert.equal(still.headers["content-type"], "image/gif");
    assert.equal(still.body.subarray(0, 6).toString("latin1"), "GIF89a");
    assert.deepEqual([still.body.readUInt16LE(6), still.body.readUInt16LE(8)], [162, 162]);
    assert.equal(gifFrames(still.body), 1);
    const animated = await get(`/diagram.gif?ffen=${START}&size=20&moves=e2e4,e7e5|d2d4&delay=500`);
    assert.equal(animated.status, 200, animated.body.toString("utf8"));
    assert.equal(animated.headers["content-type"], "image/gif");
    assert.ok(animated.body.includes("NETSCAPE2.0", 0, "latin1"), "it loops");
    assert.equal(gifFrames(animated.body), 5, "the diagram, two moves, the diagram again, one move");
    const lichess = await diagram(`/export/fen.gif?fen=${START}`);
    assert.equal(lichess.headers["content-type"], "image/png");
  });

  test("SAN in moves= and a game in pgn=: the moves found on the board, one key with their coordinates", async () => {
    const canonical = `/diagram.gif?ffen=${encodeURIComponent(START)}&size=20&moves=e2e4+e7e5+g1f3+b8c6+0-0`;
    const pgn = '[White "A"]\n\n1. e4 { [%clk 0:03:00] } 1... e5 $10 2. Nf3 (2. f4 exf4) Nc6 3. Bc4 Bc5 4. O-O 1-0';
    const coordinates = await get(`/diagram.gif?ffen=${START}&size=20&moves=e2e4+e7e5+g1f3+b8c6+f1c4+f8c5+0-0`);
    assert.equal(coordinates.status, 200, coordinates.body.toString("utf8"));
    assert.equal(gifFrames(coordinates.body), 8, "the diagram and seven moves");
    for (const p of [
      `/diagram.gif?ffen=${START}&size=20&moves=${encodeURIComponent("1.e4 e5 2. Nf3 Nc6 3.Bc4 Bc5 4. O-O")}`,
      `/diagram.gif?size=20&pgn=${encodeURIComponent(pgn)}`,
    ]) {
      const res = await get(p);
      assert.equal(res.status, 200, res.body.toString("utf8"));
      assert.equal(res.headers.etag, coordinates.headers.etag, p);
      assert.ok(res.body.equals(coordinates.body), p);
      assert.ok(res.headers.link.startsWith(`<${canonical.replace("0-0", "f1c4+f8c5+0-0")}>`), res.headers.link);
    }
    // A glyph is drawn as lichess' badge: its own key, and a link (a `pgn` in coordinates, the glyph as its NAG)
    // that leads back to it.
    const marked = await get(`/diagram.gif?size=20&pgn=${encodeURIComponent("1. e4 e5?? 2. Nf3")}`);
    assert.equal(marked.status, 200, marked.body.toString("utf8"));
    const plain = await get(`/diagram.gif?size=20&pgn=${encodeURIComponent("1. e4 e5 2. Nf3")}`);
    assert.notEqual(marked.headers.etag, plain.headers.etag);
    const link = marked.headers.link.match(/^<([^>]*)>/)[1];
    assert.ok(link.includes("&pgn=e2e4+e7e5+%244+g1f3"), link);
    const back = await get(link.replace(/^https?:\/\/[^/]+/, ""));
    assert.equal(back.headers.etag, marked.headers.etag, link);
    assert.ok(back.body.equals(marked.body), link);
    const bad = await get(`/diagram.png?size=20&pgn=${encodeURIComponent("1. e4 e5 2. Nf4")}`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.toString("utf8"), "invalid moves: move 3, Nf4: no knight can reach f4\n");
  });

  test("moves that cannot be played, the SVG, transparency and the CPU limit are 400s saying why", async () => {
    const cases = [
      [`/diagram.png?ffen=${START}&moves=e2e4%20e3e5`, "invalid moves: move 2, e3e5: e3 is empty\n"],
      [`/diagram.svg?ffen=${START}&moves=e2e4`, "moves are animated as PNG or GIF only, not SVG: use /diagram.png or /diagram.gif\n"],
      [`/diagram.gif?ffen=${START}&size=12&light=transparent`,
        "this diagram cannot be animated or drawn as a GIF: an animation cannot have transparent colours (a `transparent` look colour)\n"],
      [`/diagram.png?ffen=${START}&moves=e2e4&delay=5`,
        "invalid option: bad value \"5\" for `delay`: expected a number of milliseconds from 20 to 10000\n"],
    ];
    for (const [p, message] of cases) {
      const res = await get(p);
      assert.equal(res.status, 400, p);
      assert.equal(res.body.toString("utf8"), message, p);
    }
    const costly = await get(`/diagram.gif?ffen=${START}&size=90&moves=${"e2e4+e4e2+".repeat(200)}`);
    assert.equal(costly.status, 400);
    assert.match(costly.body.toString("utf8"), /FFEN_MAX_RENDER_MS\) is 8 ms/);
  });
});

describe("errors", () => {
  const text = (res) => res.body.toString("utf8");
  async function clientError(p, status, pattern, opts) {
    const res = await get(p, opts);
    assert.equal(res.status, status, `${p}: ${text(res)}`);
    assert.match(res.headers["content-type"], /^text\/plain/);
    assert.match(text(res), pattern);
    assert.ok(!res.headers["cache-control"].includes("immutable"));
    assert.match(res.headers["cache-control"], /max-age=\d+/);
    return res;
  }

  test("broken FFEN: 400 with the column, as text or as a PNG for an <img>", async () => {
    const p = "/d.php?ff=rnbqkbnr/ppppZppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    await clientError(p, 400, /column \d+/);
    const img = await get(p, { headers: { Accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" } });
    assert.equal(img.status, 400);
    assert.equal(img.headers["content-type"], "image/png");
    pngSize(img.body);
  });

  test("missing parameters, unknown dialect, bad options, unknown paths, methods, limits", async () => {
    await clientError("/d.php?sb=1", 400, /missing position: a janko.at link reads …\/d.php\?ff=/);
    await clientError("/diagram.png", 400, /ffen/);
    await clientError("/diagram.png?ffen=8/8/8/8/8/8/8/8&dialect=klingon", 400, /klingon/);
    await clientError("/diagram.png?ffen=8/8/8/8/8/8/8/8&size=banana", 400, /size/);
    await clientError("/favicon.ico/x", 404, /not found/);
    const post = await clientError("/d.php?ff=8/8/8/8/8/8/8/8", 405, /POST/, { method: "POST" });
    assert.equal(post.headers.allow, "GET, HEAD");
    await clientError(`/d.php?ff=${"8/".repeat(9000)}8`, 414, /too long/);
    await clientError(`/d.php?ff=${"8/".repeat(2100)}8`, 400, /4096/);
    await clientError(`/d.php?ff=${"K".repeat(40)}/8`, 400, /column 33/);
    await clientError(`/d.php?ff=${"8/".repeat(40)}8`, 400, /./);
    // The largest board at the largest square size is over the image limit: refused before rendering.
    const big = Array(32).fill("8888").join("/");
    await clientError(`/diagram.png?ffen=${big}&size=128`, 400, /pixels/);
    pngSize((await diagram(`/diagram.png?ffen=${big}&size=12`)).body);
  });

  test("wrangler.toml's CPU limit: 8×8 at size=128 with coordinates (and a count and stipulation) is drawn once its pieces are, a 32×32 board of pieces is a 400 naming it", async () => {
    const toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
    const ms = Number(/^FFEN_MAX_RENDER_MS\s*=\s*"(\d+)"/m.exec(toml)?.[1]);
    assert.ok(ms > 0 && ms < 10, `a Free-plan CPU limit in wrangler.toml: ${ms}`);
    assert.ok(!/^FFEN_MAX_IMAGE_PIXELS/m.test(toml), "no pixel limit as shipped");
    // A fresh runtime has not drawn the pieces at 128 px: its first such request may be refused for them alone, a
    // 400 that is never stored and says to ask again (it draws what the limit allows of them); then it is drawn.
    const first = await get(`/diagram.png?ffen=${START}&size=128&coords=1`);
    if (first.status !== 200) {
      assert.equal(first.status, 400);
      assert.equal(first.headers["cache-control"], "no-store");
      assert.match(first.body.toString("utf8"), /drawing pieces (at a size this server has not drawn them at yet|and squares this server has not drawn yet).*ask again/s);
    }
    // (Each refusal draws what five sixteenths of the limit allow: the pieces first, then their squares' tiles,
    // whose codes are searched at two depths and charged at both: 15 refusals at 128 px with coordinates.)
    let png;
    for (let i = 0; i < 20 && !png; i++) {
      const res = await get(`/diagram.png?ffen=${START}&size=128&coords=1`);
      if (res.status === 200) png = pngSize(res.body);
    }
    assert.deepEqual(png, { width: 1066, height: 1066 });
    // A problem diagram's usual furniture (count, a one-line stipulation) at the largest size too.
    pngSize((await diagram(`/diagram.png?ffen=${START}&size=128&coords=1&count=1&caption=%232`)).body);
    const full = Array.from({ length: 32 }, (_, y) =>
      Array.from({ length: 32 }, (_, x) => "KQRBNPkqrbnp"[(x + y) % 12]).join(""),
    ).join("/");
    await clientError(`/diagram.png?ffen=${full}&size=12`, 400, new RegExp(`\\(FFEN_MAX_RENDER_MS\\) is ${ms} ms`));
    // A value that is not a limit means none (and a warning in the log), never a crash.
    const lax = await startWorker({ vars: { FFEN_MAX_RENDER_MS: "8ms" } });
    try {
      const res = await request(lax.base, `/diagram.png?ffen=${full}&size=12`);
      assert.equal(res.status, 200);
    } finally {
      await lax.stop();
    }
  });

  test("a pixel limit (FFEN_MAX_IMAGE_PIXELS) still works as before: the largest 32×32 board under it is drawn, one size more is a 400 naming it", async () => {
    const limit = 300000;
    const limited = await startWorker({ vars: { FFEN_MAX_IMAGE_PIXELS: String(limit) } });
    try {
      const big = Array(32).fill("8888").join("/");
      const side = (size) => 32 * size + 2 * (1 + Math.floor(size / 48));
      let size = 12;
      while (side(size + 1) ** 2 <= limit) size++;
      const ok = await request(limited.base, `/diagram.png?ffen=${big}&size=${size}`);
      assert.equal(ok.status, 200);
      assert.deepEqual(pngSize(ok.body), { width: side(size), height: side(size) });
      const over = side(size + 1);
      const res = await request(limited.base, `/diagram.png?ffen=${big}&size=${size + 1}`, { headers: { accept: "text/plain" } });
      assert.equal(res.status, 400);
      assert.match(Buffer.from(res.body).toString(), new RegExp(`would be ${over}×${over} pixels; the limit is 2200 pixels a side and ${limit} pixels in all`));
    } finally {
      await limited.stop();
    }
  });

  test("FFEN_CACHE_READS=off (measurement only) skips the cache lookup: a diagram stored by its first answer is drawn again, the same bytes", async () => {
    const measuring = await startWorker({ vars: { FFEN_CACHE_READS: "off" } });
    try {
      const url = `/diagram.png?ffen=${START}&size=33`;
      const first = await request(measuring.base, url);
      assert.equal(first.status, 200);
      assert.equal(first.headers["x-cache"], "MISS");
      // The put of the first answer (writes stay on) lands after the response; a lookup would then find it.
      await new Promise((r) => setTimeout(r, 500));
      for (let i = 0; i < 3; i++) {
        const again = await request(measuring.base, url);
        assert.equal(again.status, 200);
        assert.equal(again.headers["x-cache"], "MISS", "no lookup, so never a HIT");
        assert.ok(Buffer.from(again.body).equals(Buffer.from(first.body)));
      }
    } finally {
      await measuring.stop();
    }
  });

  test("no 5xx over a few hundred generated broken and random inputs", async () => {
    let seed = 20261123;
    const rand = (n) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const alphabet = "KQRBNPkqrbnpCXSTcxstAZaz-*'\"/0123456789()[]{}:;.,+ %&=#?!@\u00e9\u2019\u201c\u00a0\t~|\\^`<>";
    const { janko } = specLinks();
    const seeds = [START, "k1B5/-p1PP4/K1-p5/p1-p5/p7/2p1-p3/4P3/8", ...janko.map((l) => l.split("ff=")[1])];
    const inputs = [];
    for (let i = 0; i < 320; i++) {
      let s;
      if (i % 2 === 0) {
        s = Array.from({ length: rand(60) }, () => alphabet[rand(alphabet.length)]).join("");
      } else {
        const chars = [...seeds[rand(seeds.length)]];
        for (let k = 0, edits = 1 + rand(4); k < edits; k++) {
          const at = rand(chars.length + 1);
          const op = rand(3);
          const c = alphabet[rand(alphabet.length)];
          if (op === 0) chars.splice(at, 1);
          else if (op === 1) chars.splice(at, 0, c);
          else chars[at] = c;
        }
        s = chars.join("");
      }
      const q = encodeURIComponent(s);
      switch (i % 8) {
        case 0: inputs.push(`/d.php?ff=${q}`); break;
        case 1: inputs.push(`/Retros/d.php?fen=${q}.png&sb=${rand(9)}`); break;
        case 2: inputs.push(`/diagram.png?ffen=${q}&dialect=bodlaender`); break;
        case 4: inputs.push(`/diagram.png?ffen=${q}&dialect=courier&width=${rand(3) ? rand(40) : "x"}`); break;
        case 5: inputs.push(`/diagram.png?ffen=${q}&dialect=xfen`); break;
        case 6: inputs.push(`/xfen/?${rand(2) ? q : encodeURIComponent(q)}`); break;
        default: {
          const opts = [`size=${rand(3) ? rand(200) : "x" + rand(9)}`, `flip=${rand(3)}`, `coords=${rand(3)}`,
            `theme=${["classic", "green", "x", ""][rand(4)]}`, `light=${["fff", "#eeeeee", "zz", ""][rand(4)]}`];
          inputs.push(`/diagram.png?ffen=${q}&${opts.filter(() => rand(2)).join("&")}`);
        }
      }
    }
    inputs.push(
      "/%00d.php?ff=8", "//d.php?ff=8/8", "/..%2fd.php?ff=8", "/d.php/?ff=8", "/D.PHP?ff=8", "/d.php?ff=%",
      "/d.php?ff=%zz", "/d.php?=&&=&ff", "/d.php?ff=8&ff=", "/diagram.png?ffen=8&ffen=", "/diagram.png?ffen=8&size=",
      "/diagram.png?ffen=8&light=%23", "/diagram.png/x?ffen=8", "/?ff=8", "/d.php?fen=.png", "/d.php?ff=%E2%80%9D23",
      "/xfen/?", "/xfen/?&", "/xfen/?=", "/xfen/?%", "/xfen/?%25%25%25", "/xfen/?((((", "/xfen/?(B", "/xfen?%FF",
      "/diagram.png?ffen=%25252525&dialect=courier&width=", "/d.php?ff=%252", "/d.php?ff=%25%32%46",
    );
    const counts = {};
    const workers = Array.from({ length: 4 }, async () => {
      while (inputs.length) {
        const p = inputs.pop();
        const res = await get(p);
        counts[res.status] = (counts[res.status] ?? 0) + 1;
        assert.ok(res.status < 500, `${p}: ${res.status} ${text(res).slice(0, 200)}`);
        if (res.status === 200 && p.startsWith("/?")) {
          assert.match(res.headers["content-type"], /^text\/html/, p); // the page ignores its query
        } else if (res.status === 200) {
          assert.equal(res.headers["content-type"], "image/png", p);
          pngSize(res.body);
        } else {
          assert.ok(res.status >= 400, `${p}: ${res.status}`);
          assert.ok(text(res).trim().length > 0, `${p}: an error message`);
        }
      }
    });
    await Promise.all(workers);
    console.log(`# status counts: ${JSON.stringify(counts)}`);
    // The Worker still answers afterwards (no isolate lost to a panic).
    await diagram(`/diagram.png?ffen=${START}`);
  });
});
