import { expect, it } from 'vitest'
import { repositoryFiles, unusedExports } from '../../scripts/sourceImports'

it('finds an export that no file imports, and one an entry re-exports as used', () => {
  const files = new Map([
    ['src/index.ts', "export { made } from './a/made'\nexport * from './a/all'"],
    [
      'src/a/made.ts',
      'export function made() {}\nexport const planted = 1\nexport type Local = number',
    ],
    ['src/a/all.ts', 'export const every = 1\nexport function more() {}'],
    ['src/a/user.ts', "import type { Local } from './made'\nexport const user: Local = 1"],
    ['src/a/lazy.ts', 'export const lazy = 1\nexport const twice = 2'],
    [
      'test/a/user.test.ts',
      "import { user } from '../../src/a/user'\nawait import('../../src/a/lazy')",
    ],
  ])
  expect(unusedExports(files)).toEqual(['src/a/made.ts: planted'])
})

// An export nothing imports is an API of no one: a helper the file's own code alone uses, or
// code nothing runs. Tests, scripts, benches and examples count as importers; an entry counts
// only for what it re-exports.
it('exports from src/ only what some file imports', () => {
  expect(unusedExports(repositoryFiles())).toEqual([])
})
