import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { expect, it } from 'vitest'
import { FULL_RUN_TESTS } from './slowTests'
import { FULL_RUN_VARIABLE, quickOrFull } from './support/quickOrFull'

const root = resolve(import.meta.dirname, '..')

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : []
  })
}

// A file that cuts its runs in `npm test` but is missing from FULL_RUN_TESTS would never run
// its full count, in CI either.
it('lists in FULL_RUN_TESTS exactly the test files that call quickOrFull', () => {
  const callers = testFiles(join(root, 'test'))
    .filter((file) => readFileSync(join(root, file), 'utf8').includes('quickOrFull('))
    .filter((file) => file !== 'test/slowTests.test.ts')
  expect([...FULL_RUN_TESTS].sort()).toEqual(callers.sort())
  for (const file of FULL_RUN_TESTS) expect(existsSync(join(root, file))).toBe(true)
})

it('gives the quick count unless the slow suite asked for the full one', () => {
  const saved = process.env[FULL_RUN_VARIABLE]
  try {
    delete process.env[FULL_RUN_VARIABLE]
    expect(quickOrFull(3, 25)).toBe(3)
    process.env[FULL_RUN_VARIABLE] = '1'
    expect(quickOrFull(3, 25)).toBe(25)
    expect(() => quickOrFull(30, 25)).toThrow('expected 0 < quick <= full, got 30 and 25')
    expect(() => quickOrFull(0, 25)).toThrow()
  } finally {
    if (saved === undefined) delete process.env[FULL_RUN_VARIABLE]
    else process.env[FULL_RUN_VARIABLE] = saved
  }
})
