// The Lua scripts of createRedisBudget. Each runs atomically in Redis and reads Redis's own clock
// (TIME), so every worker on every machine books against one timeline, whatever its own clock.

const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000`

/**
 * Books `count` requests (ARGV[2]) spaced `intervalMs` (ARGV[1]) apart, from the later of now, the
 * end of the last booking (KEYS[1]) and the end of the endpoint's pause (KEYS[2]); returns how
 * many milliseconds the caller waits before it sends them. A generic cell rate algorithm without
 * burst: requests spread evenly over each second, across every holder of the budget.
 * @internal
 */
export const BOOK_SCRIPT = `${NOW}
local booked = tonumber(redis.call('GET', KEYS[1]) or '0')
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
local start = math.max(now, booked, paused)
local nextFree = start + tonumber(ARGV[1]) * tonumber(ARGV[2])
redis.call('SET', KEYS[1], string.format('%.3f', nextFree), 'PX', math.ceil(nextFree - now) + 60000)
return math.ceil(start - now)`

/**
 * Records `count` (ARGV[2]) requests as sent now in the endpoint's log of the last window (ARGV[4]
 * ms, a second and a margin) (KEYS[1]) and returns 0, if that keeps the log within
 * `requestsPerSecond` (ARGV[1]); else
 * returns the milliseconds until it would. A booked time that came late (a busy process wakes
 * after its time) would otherwise bunch with the next ones. Returns minus the pause left when the
 * endpoint (KEYS[2]) is paused: the caller books again after it. ARGV[3] names the requests.
 * @internal
 */
export const SEND_SCRIPT = `${NOW}
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return -math.ceil(paused - now) end
local window = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%.3f', now - window))
local count = tonumber(ARGV[2])
local held = redis.call('ZCARD', KEYS[1])
if held > 0 and held + count > tonumber(ARGV[1]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, held + count - tonumber(ARGV[1]) - 1, 'WITHSCORES')
  return math.max(1, math.ceil(tonumber(oldest[#oldest]) + window - now))
end
for i = 1, count do
  redis.call('ZADD', KEYS[1], string.format('%.3f', now), ARGV[3] .. ':' .. i)
end
redis.call('PEXPIRE', KEYS[1], math.ceil(window) + 1000)
return 0`

/**
 * Pauses an endpoint (KEYS[1]) for ARGV[1] milliseconds from now, unless a longer pause is on.
 * @internal
 */
export const PAUSE_SCRIPT = `${NOW}
local pauseEnd = now + tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if pauseEnd > current then
  redis.call('SET', KEYS[1], string.format('%.3f', pauseEnd), 'PX', math.ceil(tonumber(ARGV[1])) + 1000)
end
return 0`
