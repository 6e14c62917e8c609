import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkOutDirectory, makeOutDirectory } from '../../../src/cli/backfill/outDirectory'
import { UsageError } from '../../../src/cli/command/process'

const dir = mkdtempSync(join(tmpdir(), 'out-directory-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("the worker's --out", () => {
  it('is made with its missing parents, and made again is no error', () => {
    const path = join(dir, 'a', 'b', 'c')
    checkOutDirectory(path, 'a/b/c')
    expect(existsSync(join(dir, 'a'))).toBe(false)
    makeOutDirectory(path, 'a/b/c')
    expect(statSync(path).isDirectory()).toBe(true)
    makeOutDirectory(path, 'a/b/c')
  })

  it('under a file is refused by the check, before anything is made', () => {
    writeFileSync(join(dir, 'plain'), '')
    expect(() => checkOutDirectory(join(dir, 'plain', 'out'), 'plain/out')).toThrow(
      new UsageError(`--out: ${join(dir, 'plain')} is a file, not a directory`),
    )
  })

  // /proc takes no new directory, and answers mkdir with ENOENT: Node's recursive mkdir loops
  // there for ever, at full CPU.
  it.skipIf(!existsSync('/proc/self'))(
    'that cannot be made (/proc/x) is a usage error at once, naming it',
    () => {
      const started = performance.now()
      expect(() => makeOutDirectory('/proc/x/y', '/proc/x/y')).toThrow(
        new UsageError('--out: cannot create the directory /proc/x (ENOENT)'),
      )
      expect(() => makeOutDirectory('/proc/x', '/proc/x')).toThrow(
        new UsageError('--out: cannot create the directory /proc/x (ENOENT)'),
      )
      expect(performance.now() - started).toBeLessThan(1_000)
    },
  )
})
