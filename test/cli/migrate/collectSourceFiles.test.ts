import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { UsageError } from '../../../src/cli/command/process'
import { collectSourceFiles } from '../../../src/cli/migrate/collectSourceFiles'

const dir = mkdtempSync(join(tmpdir(), 'confirmed-rpc-collect-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const files = [
  'a.ts',
  'b.tsx',
  'c.mts',
  'd.cts',
  'e.js',
  'f.jsx',
  'g.mjs',
  'h.cjs',
  'types.d.ts',
  'notes.md',
  'lib/deep/i.ts',
  'node_modules/web3/index.js',
  'lib/node_modules/x.ts',
  'dist/out.js',
  '.cache/j.ts',
]
for (const file of files) {
  mkdirSync(join(dir, file, '..'), { recursive: true })
  writeFileSync(join(dir, file), '')
}

it('walks directories for every TypeScript and JavaScript flavour, skipping dependencies, builds, hidden directories and declarations', () => {
  expect(collectSourceFiles(['.'], dir).map((path) => path.slice(dir.length + 1))).toEqual([
    'a.ts',
    'b.tsx',
    'c.mts',
    'd.cts',
    'e.js',
    'f.jsx',
    'g.mjs',
    'h.cjs',
    'lib/deep/i.ts',
  ])
})

it('takes a named file as it is, once, even inside a skipped directory', () => {
  expect(collectSourceFiles(['dist/out.js', 'a.ts', './a.ts', 'lib'], dir)).toEqual([
    join(dir, 'a.ts'),
    join(dir, 'dist/out.js'),
    join(dir, 'lib/deep/i.ts'),
  ])
})

it('rejects a missing path or a file that is not a source file, naming it', () => {
  expect(() => collectSourceFiles(['a.ts', 'missing'], dir)).toThrow(
    new UsageError("path 'missing' does not exist"),
  )
  expect(() => collectSourceFiles(['notes.md'], dir)).toThrow(
    /path 'notes\.md' is not a source file/,
  )
  expect(() => collectSourceFiles(['types.d.ts'], dir)).toThrow(
    /path 'types\.d\.ts' is not a source file/,
  )
})
