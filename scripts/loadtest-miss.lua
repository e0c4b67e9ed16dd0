-- wrk script for scripts/loadtest: every request asks for a different position (a cache miss).
-- The n-th request of thread t encodes n*threads+t in base 13 over seven squares of the first rank
-- (0 = empty, 1-12 = a piece), so no two requests share a diagram.
local pieces = { "K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p" }
local threads = {}

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

function init(args)
  counter = 0
  nthreads = 2
end

function request()
  counter = counter + 1
  local n = counter * nthreads + tid
  local rank = ""
  for _ = 1, 7 do
    local d = n % 13
    n = math.floor(n / 13)
    if d == 0 then rank = rank .. "1" else rank = rank .. pieces[d] end
  end
  return wrk.format("GET", "/diagram.png?ffen=8/8/8/8/8/8/8/" .. rank .. "1")
end
