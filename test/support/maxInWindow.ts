/** The most of `times` (ms, any order) that fall in one window of `windowMs` (its start included, its end not). */
export function maxInWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b)
  let most = 0
  let first = 0
  for (let last = 0; last < sorted.length; last++) {
    while ((sorted[last] as number) - (sorted[first] as number) >= windowMs) first++
    most = Math.max(most, last - first + 1)
  }
  return most
}
