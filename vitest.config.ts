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
    // One worker per core: the default leaves one core to the main process, which mostly waits.
    // On two cores that halved the suite's throughput (125 s against 76 s, 2,011 tests).
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
