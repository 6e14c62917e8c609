import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { SLOW_TESTS } from './test/slowTests'

// The quick suite (`npm test`): everything but the slow suites, which vitest.slow.config.ts runs.
// Worker threads rather than processes: on two cores the suite's wall time went from 114 s to
// 90 s (the cost is in starting each file). The type tests (`*.test-d.ts`) are `expectTypeOf`
// assertions that the compiler checks: `npm run typecheck` (tsc over src and test) runs them, in
// CI too, instead of a second type-check inside this run (10-18 s).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', ...SLOW_TESTS],
    pool: 'threads',
    // One worker per core for the whole run, not a new one per file: each file then finds the
    // library, TypeBox's validators, web3.js and msw loaded. Measured on 19 files (schemas, json,
    // params, errors, shared; one worker): 9.5-10.1 s of CPU with a worker per file, 5.3 s
    // without, the run 26-31 s against 11.5-13 s. In the whole suite, 44 % of the workers' time
    // went between files (677 of 1,530 s). Safe because no test leaves state behind: the notice
    // once per process is reset by the tests that watch it (`resetDeprecationWarnings`), msw
    // servers close in `afterAll`, spies are restored after each file, timers made real again.
    isolate: false,
    // One worker per core: the default leaves one core to the main process, which mostly waits.
    // On two cores that halved the suite's throughput (125 s against 76 s, 2,011 tests).
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
