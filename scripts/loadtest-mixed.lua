-- wrk script for scripts/loadtest's mixed hostile load: requests in turn from every kind the cost model bounds, each
-- a different diagram (a counter in it), so that every one is a miss:
--   an animation of a whole game (APNG, GIF), lettered discs with new names at size=128, every glyph at size=128,
--   the words of a 32×32 board (JSON, text), a POST /game.gif body (its frames, its PGN), a body over the limit,
--   a refusal (a 400), and a plain still.
-- Pass a different offset (`-- OFFSET`) to each run against the same Worker. done() prints the answers by status
-- class; the load is sound when no answer is a 5xx (refusals of what costs too much are 400s, and expected).
local threads = {}
local START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
local GAME = "c2c4 g8f6 b1c3 e7e5 d2d4 e5d4 d1d4 b8c6 d4d1 f8b4 c1d2 0-0 e2e3 b4c3 d2c3 f6e4 g1e2 d7d6 d1c2 f8e8 " ..
  "e2f4 c8f5 f1d3 d8g5 0-0 g7g6 a1e1 e4c3 c2c3 f5d3 c3d3 c6e5 d3d1 a8d8 b2b3 c7c6 g1h1 g5f5 d1a1 h7h5 e1d1 e5g4 " ..
  "h2h3 g4f6 a1d4 a7a6 f2f3 f5e5 f1e1 e5d4 e3d4 e8e1 d1e1 g8f8 h3h4 d8e8 e1e8 f8e8 h1g1 f6g8 g1f2 g8h6 g2g3 e8e7 " ..
  "f4g2 e7e6 g2e3 a6a5 g3g4 f7f6 f2g3 d6d5 c4c5 h6f7 e3g2 h5g4 f3g4 f7d8 g2f4 e6f7 h4h5 g6g5 f4e2 d8e6 g3f3 f7g7 " ..
  "f3e3 g7h6 e2g3 e6g7 g3f5 g7f5"
local ALL = "KQRBNPkq/rbnp-K-Q-R-B/-N-P*1K*1Q*2R*2B*3N*3P/[grasshopper:w][nightrider:b][camel:n][amazon:w][zebra:b]" ..
  "[archbishop:w][chancellor:b][dragon:w]/[grasshopper:b][nightrider:w][camel:w][amazon:b][zebra:w]" ..
  "[archbishop:b][chancellor:w][dragon:b]/*1k*1q*2r*2b*3n*3p-k-q/-r-b-n-p*1r*1b*1n*1p/*1C*2X-S*3T'a'b*1'c1"
local LETTERS = "abcdefghijklmnopqrstuvwxyz"

local function enc(s)
  return (s:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

-- Two letters for n (a lettered disc's label is a name's first two letters).
local function name(n)
  local a, b = math.floor(n / 26) % 26 + 1, n % 26 + 1
  return LETTERS:sub(a, a) .. LETTERS:sub(b, b)
end

-- A board of 64 discs whose names start at n.
local function discs(n)
  local ranks = {}
  for r = 0, 7 do
    local rank = ""
    for f = 0, 7 do rank = rank .. "[" .. name(n + r * 8 + f) .. (f % 2 == 0 and ":w]" or ":b]") end
    ranks[#ranks + 1] = rank
  end
  return table.concat(ranks, "/")
end

-- A start-like position: the n-th arrangement of White's first rank over its eight squares (not all distinct, but
-- the size and the delay below make every request its own).
local function rank(n)
  local pieces = { "R", "N", "B", "Q", "K", "B", "N", "R" }
  for i = 8, 2, -1 do
    local j = n % i + 1
    n = math.floor(n / i)
    pieces[i], pieces[j] = pieces[j], pieces[i]
  end
  return table.concat(pieces)
end

local function game_body(n, frames)
  local moves = {}
  for word in GAME:gmatch("%S+") do moves[#moves + 1] = word end
  local list = { string.format('{"fen": "%s w KQkq - 0 1"}', START) }
  for i = 1, frames - 1 do list[#list + 1] = string.format('{"fen": "%s w - - 0 1", "lastMove": "%s"}', START, moves[i]) end
  return string.format('{"white": "W%d", "black": "B", "delay": %d, "frames": [%s]}', n, 20 + n % 900,
    table.concat(list, ","))
end

local kinds = {
  function(n) return wrk.format("GET", "/diagram.png?ffen=" .. START .. "&delay=" .. (20 + n % 9000) .. "&moves=" .. enc(GAME)) end,
  function(n) return wrk.format("GET", "/diagram.gif?ffen=" .. START .. "&size=" .. (20 + n % 60) .. "&moves=" .. enc(GAME)) end,
  function(n) return wrk.format("GET", "/diagram.png?size=128&ffen=" .. enc(discs(n * 64))) end,
  function(n) return wrk.format("GET", "/diagram.png?size=" .. (100 + n % 29) .. "&ffen=" .. enc(ALL)) end,
  function(n)
    local rows = {}
    for r = 1, 32 do rows[r] = "q31" end
    return wrk.format("GET", "/diagram.json?ffen=" .. table.concat(rows, "/") .. "&size=" .. (12 + n % 50))
  end,
  function(n) return wrk.format("GET", "/diagram.txt?ffen=8/8/8/8/8/8/PPPPPPPP/" .. rank(n)) end,
  function(n) return wrk.format("POST", "/game.gif", { ["Content-Type"] = "application/json" }, game_body(n, 12)) end,
  function(n)
    local pgn = '{"pgn": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O ?? Be7", "white": "W' .. n .. '"}'
    return wrk.format("POST", "/game.gif", { ["Content-Type"] = "application/json" }, pgn)
  end,
  function(n) return wrk.format("POST", "/game.gif", { ["Content-Type"] = "application/json" }, game_body(n, 600)) end,
  function(n) return wrk.format("GET", "/diagram.png?ffen=" .. START .. "&size=90&moves=" .. enc(string.rep("e2e4 e4e2 ", 200)) .. "&delay=" .. (20 + n)) end,
  function(n) return wrk.format("GET", "/diagram.png?ffen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/" .. rank(n) .. "&size=" .. (12 + n % 117)) end,
}

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

function init(args)
  counter = 0
  offset = tonumber(args[1] or "0")
  counts = { 0, 0, 0, 0, 0 }
end

function request()
  counter = counter + 1
  local n = offset + counter * 2 + tid
  return kinds[n % #kinds + 1](math.floor(n / #kinds))
end

function response(status, headers, body)
  local class = math.floor(status / 100)
  if class >= 1 and class <= 5 then counts[class] = counts[class] + 1 end
end

function done(summary, latency, requests)
  local total = { 0, 0, 0, 0, 0 }
  for _, thread in ipairs(threads) do
    local c = thread:get("counts")
    for i = 1, 5 do total[i] = total[i] + (c and c[i] or 0) end
  end
  io.write(string.format("answers: %d 2xx, %d 3xx, %d 4xx, %d 5xx\n", total[2], total[3], total[4], total[5]))
end
