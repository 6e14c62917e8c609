/**
 * The one mark of a slow test is its file name: `*.slow.test.ts`. `npm test` leaves those files
 * out so that it stays quick for a one-line change; `npm run test:slow` runs them (CI runs
 * both): the soak and fuzz runs, the limits over loopback, the 100k-transaction ledger, the
 * examples as processes, the checks of the built package, and the commands run whole.
 *
 * A quick test that also has a full size (more property runs, a longer list) takes its counts
 * from {@link quickOrFull}, and has a twin `<name>.slow.test.ts` beside it that only imports it:
 * the twin is that file's run at full size, in the slow suite. test/slowTests.test.ts checks
 * that every caller has its twin.
 */
export const SLOW_TEST_FILES = 'test/**/*.slow.test.ts'

/** The environment variable that `npm run test:slow` sets (vitest.slow.config.ts). */
export const FULL_RUN_VARIABLE = 'CONFIRMED_RPC_FULL_RUNS'

/**
 * How many runs (or items) a test takes: `quick` in `npm test`, `full` in `npm run test:slow`
 * (through the file's `.slow.test.ts` twin). CI runs both, so each property keeps its full count
 * there, while the quick suite stays quick.
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
