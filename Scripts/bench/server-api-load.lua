-- wrk script for Scripts/bench/server-api-load.sh: POST .../payments, each request with its own
-- encryptedCustomerInput from a tokens file (one per line; each is taken once), signed with a
-- v1HMAC signature computed once (the body is not signed, and the sandbox checks no clock skew).
-- Arguments: TOKENS_FILE PATH DATE AUTHORIZATION THREADS. A thread that runs out of tokens ends
-- the run (SIGINT to wrk itself, which stops waiting for its duration); payments/s is counted from
-- each thread's first request to its last answer (LuaJIT's FFI clock), not over wrk's duration.
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } payform_timespec;
  int clock_gettime(int clock, payform_timespec *time);
  int kill(int pid, int signal);
  int getpid(void);
]]
local function now()
  local time = ffi.new("payform_timespec")
  ffi.C.clock_gettime(1, time)   -- CLOCK_MONOTONIC
  return tonumber(time.tv_sec) + tonumber(time.tv_nsec) / 1e9
end

local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

local tokens, index = {}, 1
local created, other, first, last = 0, 0, nil, nil
local finished = false

function init(args)
  local id, step = tonumber(wrk.thread:get("id")), tonumber(args[5])
  local count = 0
  for line in io.lines(args[1]) do
    count = count + 1
    if count % step == id % step then table.insert(tokens, line) end
  end
  wrk.method = "POST"
  wrk.path = args[2]
  wrk.headers["Date"] = args[3]
  wrk.headers["Authorization"] = args[4]
  wrk.headers["Content-Type"] = "application/json"
end

function request()
  first = first or now()
  local token = tokens[index]
  if token == nil then
    if not finished then
      finished = true
      ffi.C.kill(ffi.C.getpid(), 2)   -- SIGINT: wrk stops and reports
    end
    token = tokens[1]                -- already used: answered 400, not counted as a payment
  end
  index = index + 1
  return wrk.format(nil, nil, nil,
    '{"encryptedCustomerInput":"' .. token .. '","order":{"amountOfMoney":{"amount":1000,"currencyCode":"EUR"}}}')
end

function response(status, headers, body)
  if status == 201 then
    created = created + 1
    last = now()
  else
    other = other + 1
  end
  wrk.thread:set("created", created)
  wrk.thread:set("other", other)
  wrk.thread:set("first", first)
  wrk.thread:set("last", last or first)
end

function done(summary, latency, requests)
  local created, other, first, last = 0, 0, math.huge, 0
  for _, thread in ipairs(threads) do
    created = created + (tonumber(thread:get("created")) or 0)
    other = other + (tonumber(thread:get("other")) or 0)
    first = math.min(first, tonumber(thread:get("first")) or math.huge)
    last = math.max(last, tonumber(thread:get("last")) or 0)
  end
  io.write(string.format("payments created (201): %d in %.2f s: %.0f payments/s; other answers: %d (tokens used up at the end)\n",
    created, last - first, created / (last - first), other))
  io.write(string.format("latency of all answers: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
