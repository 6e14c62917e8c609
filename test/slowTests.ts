/**
 * The suites `npm test` leaves out so that it stays quick for a one-line change; `npm run
 * test:slow` runs them (CI runs both): the soak and fuzz runs, the limits over loopback, the
 * 100k-transaction ledger, the examples as processes, the checks of the built package, and the
 * commands run whole (`*.slow.test.ts`: `migrate` through the dispatcher, `backfill` on Redis,
 * `history --wallet`, web3.js against a served ledger), whose parts the quick suite tests.
 */
export const SLOW_TESTS = [
  'test/reliability/soak.test.ts',
  'test/reliability/soak.*.test.ts',
  'test/reliability/fuzz.*.test.ts',
  'test/reliability/limits.test.ts',
  'test/examples/**/*.test.ts',
  'test/package/**/*.test.ts',
  'test/**/*.slow.test.ts',
]

/**
 * Files that `npm test` runs with fewer property runs (or a smaller count) through
 * `quickOrFull` (test/helpers/quickOrFull.ts), and that `npm run test:slow` runs again with the
 * full ones. test/slowTests.test.ts checks that this list and the callers agree.
 */
export const FULL_RUN_TESTS = [
  'test/history/archiveWalk.test.ts',
  'test/history/signaturesForAddress.faults.test.ts',
  'test/history/signaturesForAddress.heap.test.ts',
  'test/history/signaturesForAddress.test.ts',
  'test/ranges/probes.test.ts',
  'test/ranges/walkProviderPages.test.ts',
  'test/ranges/walkRanges.test.ts',
  'test/wallet/walletHistory.test.ts',
]
