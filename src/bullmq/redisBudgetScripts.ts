// The Lua scripts of createRedisBudget. Each runs atomically in Redis and reads Redis's own clock
// (TIME), so every worker on every machine books against one timeline, whatever its own clock.

const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000`

/**
 * Books `count` requests (ARGV[2]) spaced `intervalMs` (ARGV[1]) apart, from the later of now, the
 * end of the last booking (KEYS[1]) and the end of the endpoint's pause (KEYS[2]); returns how
 * many milliseconds the caller waits before it sends them. A generic cell rate algorithm without
 * burst: at most one request per interval, across every holder of the budget.
 * @internal
 */
export const ACQUIRE_SCRIPT = `${NOW}
local booked = tonumber(redis.call('GET', KEYS[1]) or '0')
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
local start = math.max(now, booked, paused)
local nextFree = start + tonumber(ARGV[1]) * tonumber(ARGV[2])
redis.call('SET', KEYS[1], string.format('%.3f', nextFree), 'PX', math.ceil(nextFree - now) + 60000)
return math.ceil(start - now)`

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

/**
 * Milliseconds left of an endpoint's pause (KEYS[1]), 0 when it is not paused: a holder that
 * booked a time before the pause began checks this before it sends.
 * @internal
 */
export const PAUSE_LEFT_SCRIPT = `${NOW}
local paused = tonumber(redis.call('GET', KEYS[1]) or '0')
return math.max(0, math.ceil(paused - now))`
