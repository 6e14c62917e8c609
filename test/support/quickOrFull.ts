/**
 * The environment variable that `npm run test:slow` sets (vitest.slow.config.ts): there the
 * files of `FULL_RUN_TESTS` (test/slowTests.ts) run again, at their full size.
 */
export const FULL_RUN_VARIABLE = 'CONFIRMED_RPC_FULL_RUNS'

/**
 * How many runs (or items) a test takes: `quick` in `npm test`, `full` in `npm run test:slow`.
 * CI runs both, so each property keeps its full count there, while the quick suite stays quick
 * for a one-line change. A file that calls it must be listed in `FULL_RUN_TESTS`
 * (test/slowTests.ts), which test/slowTests.test.ts checks, or its full count would never run.
 */
export function quickOrFull(quick: number, full: number): number {
  if (!(quick > 0 && quick <= full)) {
    throw new Error(`quickOrFull: expected 0 < quick <= full, got ${quick} and ${full}`)
  }
  return process.env[FULL_RUN_VARIABLE] === '1' ? full : quick
}

/**
 * The list form of {@link quickOrFull}: `quick` (some of `full`) in `npm test`, `full` in
 * `npm run test:slow`.
 */
export function quickOrFullList<T>(quick: readonly T[], full: readonly T[]): readonly T[] {
  if (quick.length === 0 || !quick.every((item) => full.includes(item))) {
    throw new Error('quickOrFullList: expected a non-empty part of the full list')
  }
  return process.env[FULL_RUN_VARIABLE] === '1' ? full : quick
}
