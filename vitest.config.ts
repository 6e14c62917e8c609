import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { SLOW_TEST_FILES } from './test/support/slowSuite'

// The quick suite (`npm test`): everything but the `*.slow.test.ts` files, which
// vitest.slow.config.ts runs.
// Worker threads rather than processes: on two cores the suite's wall time went from 114 s to
// 90 s (the cost is in starting each file). The type tests (`*.test-d.ts`) are `expectTypeOf`
// assertions that the compiler checks: `npm run typecheck` (tsc over src and test) runs them, in
// CI too, instead of a second type-check inside this run (10-18 s).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', SLOW_TEST_FILES],
    pool: 'threads',
    // One worker per core for the whole run, not a new one per file: each file then finds the
    // library, TypeBox's validators, web3.js and msw loaded. On 19 files (schemas, json, params,
    // errors, shared; one worker) that took 9.5-10.1 s of CPU down to 5.3 s. In the whole suite
    // (JSON reporter, load average 15-16 on 2 cores) the time between files, which goes to
    // starting workers and loading modules, fell from 677 to 237 of the workers' seconds and the
    // run from 766 s to 427 s, with the smaller quick counts of `quickOrFull` (test/support/slowSuite.ts)
    // and the ledgers built once. Safe because no test leaves state behind: the notice once per
    // process is reset by the tests that watch it (`resetDeprecationWarnings`), msw servers close
    // in `afterAll`, spies are restored after each file and timers made real again.
    isolate: false,
    // One worker per core: the default leaves one core to the main process, which mostly waits.
    // On two cores that halved the suite's throughput (125 s against 76 s, 2,011 tests).
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Transformed modules kept on disk (in node_modules, so a reinstall clears them): a second
    // run, the one after a one-line change, transforms only what changed. On two cores its
    // transform time went from 5-7 s to 1.4 s, and its import time from 29-31 s to 23-24 s.
    experimental: { fsModuleCache: true },
  },
})
