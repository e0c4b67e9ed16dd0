-- wrk script for scripts/loadtest: every request asks for a different position (a cache miss).
-- The n-th request of thread t encodes offset + 2n + t in base 13 over seven squares of the first rank
-- (0 = empty, 1-12 = a piece), so no two requests share a diagram; pass a different offset (`-- OFFSET`)
-- to each run against the same Worker. done() prints how many answers were X-Cache MISS / HIT.
local pieces = { "K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p" }
local threads = {}

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

function init(args)
  counter = 0
  offset = tonumber(args[1] or "0")
  misses = 0
  hits = 0
end

function request()
  counter = counter + 1
  local n = offset + counter * 2 + tid
  local rank = ""
  for _ = 1, 7 do
    local d = n % 13
    n = math.floor(n / 13)
    if d == 0 then rank = rank .. "1" else rank = rank .. pieces[d] end
  end
  return wrk.format("GET", "/diagram.png?ffen=8/8/8/8/8/8/8/" .. rank .. "1")
end

function response(status, headers, body)
  local x = headers["X-Cache"] or headers["x-cache"]
  if x == "MISS" then misses = misses + 1 elseif x == "HIT" then hits = hits + 1 end
end

function done(summary, latency, requests)
  local m, h = 0, 0
  for _, thread in ipairs(threads) do
    m = m + (thread:get("misses") or 0)
    h = h + (thread:get("hits") or 0)
  end
  io.write(string.format("X-Cache: %d MISS, %d HIT\n", m, h))
end
