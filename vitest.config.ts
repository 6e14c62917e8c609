import { defineConfig } from 'vitest/config'
import { SLOW_TESTS } from './test/slowTests'

// The quick suite (`npm test`): everything but the slow suites, which vitest.slow.config.ts runs.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', ...SLOW_TESTS],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
})
