import { defineConfig } from 'vitest/config'
import { FULL_RUN_VARIABLE } from './test/support/quickOrFull'
import { FULL_RUN_TESTS, SLOW_TESTS } from './test/slowTests'

// `npm run test:slow`: the suites the quick `npm test` leaves out, and the files it runs with
// fewer property runs, here at their full count (see test/slowTests.ts).
export default defineConfig({
  test: {
    include: [...SLOW_TESTS, ...FULL_RUN_TESTS],
    exclude: ['test/browser/**'],
    env: { [FULL_RUN_VARIABLE]: '1' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
