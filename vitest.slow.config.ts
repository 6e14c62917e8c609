import { defineConfig } from 'vitest/config'
import { FULL_RUN_VARIABLE, SLOW_TEST_FILES } from './test/support/slowSuite'

// `npm run test:slow`: the `*.slow.test.ts` files the quick `npm test` leaves out; the twins
// among them run their quick file again at its full size (see test/support/slowSuite.ts).
export default defineConfig({
  test: {
    include: [SLOW_TEST_FILES],
    exclude: ['test/browser/**'],
    env: { [FULL_RUN_VARIABLE]: '1' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
