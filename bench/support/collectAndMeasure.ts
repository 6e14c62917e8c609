/** The heap in use after two full collections (the process must run with `--expose-gc`). */
export function collectAndMeasure(): number {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error('run with --expose-gc')
  gc()
  gc()
  return process.memoryUsage().heapUsed
}
