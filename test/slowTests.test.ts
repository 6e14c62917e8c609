import { readdirSync, readFileSync } from 'node:fs'
import { basename, join, relative, resolve } from 'node:path'
import { expect, it } from 'vitest'
import quickConfig from '../vitest.config'
import slowConfig from '../vitest.slow.config'
import { FULL_RUN_VARIABLE, quickOrFull, SLOW_TEST_FILES } from './support/slowSuite'

const root = resolve(import.meta.dirname, '..')

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : []
  })
}

const files = testFiles(join(root, 'test')).filter((file) => file !== 'test/slowTests.test.ts')
const isSlow = (file: string) => file.endsWith('.slow.test.ts')
const source = (file: string) => readFileSync(join(root, file), 'utf8')
/** The sibling test file a twin imports (`import './x.test'`), if it is one. */
const twinOf = (file: string) => /^import '\.\/([^'/]+)\.test'$/m.exec(source(file))?.[1]

// The name is the one mark: the quick suite leaves out exactly what the slow one runs.
it('splits the suites by the `.slow.test.ts` name alone', () => {
  expect(quickConfig.test?.exclude).toContain(SLOW_TEST_FILES)
  expect(slowConfig.test?.include).toEqual([SLOW_TEST_FILES])
  expect(slowConfig.test?.env).toEqual({ [FULL_RUN_VARIABLE]: '1' })
})

// A file that cuts its runs in `npm test` without a twin would never run its full count, in CI
// either; a twin of a file without `quickOrFull` would only run a quick file twice.
it('gives every caller of quickOrFull a `.slow.test.ts` twin, and twins only to them', () => {
  const callers = files.filter((file) => source(file).includes('quickOrFull('))
  expect(callers.filter(isSlow)).toEqual([])
  const twins = files.filter(isSlow).filter((file) => twinOf(file) !== undefined)
  const twinned = twins.map((file) => join(file, '..', `${twinOf(file)}.test.ts`))
  expect(twinned.sort()).toEqual(callers.sort())
  for (const twin of twins) {
    expect(basename(twin)).toBe(`${twinOf(twin)}.slow.test.ts`)
  }
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
