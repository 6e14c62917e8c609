/** Milliseconds with three significant digits or so: `0.412 ms`, `18.3 ms`, `1204 ms`. */
export function formatMs(ms: number): string {
  if (ms < 1) return `${ms.toFixed(3)} ms`
  if (ms < 100) return `${ms.toFixed(1)} ms`
  return `${ms.toFixed(0)} ms`
}
