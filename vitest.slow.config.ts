import { defineConfig } from 'vitest/config'
import { SLOW_TESTS } from './test/slowTests'

// `npm run test:slow`: the suites the quick `npm test` leaves out (see test/slowTests.ts).
export default defineConfig({
  test: {
    include: SLOW_TESTS,
    exclude: ['test/browser/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
