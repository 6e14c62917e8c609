import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  compareVersions,
  createWeb3VersionReader,
  lowestInRange,
} from '../../../src/cli/migrate/installedWeb3Version'

// Projects laid out on disk as npm leaves them: the version comes from the nearest installed
// copy, else from the nearest package.json's range.
const root = mkdtempSync(join(tmpdir(), 'confirmed-rpc-web3-version-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function write(path: string, json: unknown): void {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), JSON.stringify(json))
}

const installed = (version: string) => ({ name: '@solana/web3.js', version })
const manifest = (range: string, field = 'dependencies') => ({
  name: 'app',
  [field]: { '@solana/web3.js': range },
})

describe('createWeb3VersionReader', () => {
  // A monorepo: the root installs 1.99.0, one package pins 1.98.4 in its own node_modules,
  // another has only a package.json (not installed yet), a last one nothing at all.
  write('mono/node_modules/@solana/web3.js/package.json', installed('1.99.0'))
  write('mono/packages/old/node_modules/@solana/web3.js/package.json', installed('1.98.4'))
  write('mono/packages/old/package.json', manifest('1.98.4'))
  write('loose/package.json', manifest('^1.98.0', 'peerDependencies'))
  write('fresh/package.json', manifest('^1.99.0', 'devDependencies'))
  write('tagged/package.json', manifest('latest'))
  const read = createWeb3VersionReader()

  it('reads the nearest installed copy: 1.99.0 reads v1 transactions, 1.98.4 does not', () => {
    expect(read(join(root, 'mono/packages/app/src/index.ts'), undefined)).toEqual({
      transactionVersion: 1,
      found: '1.99.0 (installed)',
    })
    expect(read(join(root, 'mono/packages/old/src/deep/history.ts'), undefined)).toEqual({
      transactionVersion: 0,
      found: '1.98.4 (installed)',
    })
  })

  it('takes the version TypeScript resolved first', () => {
    expect(read(join(root, 'mono/packages/old/src/history.ts'), '1.99.0')).toEqual({
      transactionVersion: 1,
      found: '1.99.0 (installed)',
    })
  })

  it("falls back to the lowest version the nearest package.json's range admits", () => {
    expect(read(join(root, 'fresh/src/a.ts'), undefined)).toEqual({
      transactionVersion: 1,
      found: "'^1.99.0' (package.json, none installed)",
    })
    // ^1.98.0 admits 1.98.x, which throws on v1 transactions.
    expect(read(join(root, 'loose/lib/b.js'), undefined)).toEqual({
      transactionVersion: 0,
      found: "'^1.98.0' (package.json, none installed)",
    })
    expect(read(join(root, 'tagged/c.ts'), undefined)).toEqual({
      transactionVersion: 0,
      found: "'latest' (package.json, none installed)",
    })
  })

  it('says nothing was found where nothing names web3.js', () => {
    const outside = mkdtempSync(join(tmpdir(), 'confirmed-rpc-no-web3-'))
    try {
      expect(read(join(outside, 'src/x.ts'), undefined)).toEqual({
        transactionVersion: 0,
        found: undefined,
      })
    } finally {
      rmSync(outside, { recursive: true, force: true })
    }
  })
})

describe('lowestInRange and compareVersions', () => {
  it.each([
    ['^1.98.0', '1.98.0'],
    ['~1.99.0', '1.99.0'],
    ['>=1.95 <2', '1.95'],
    ['1.x', '1.x'],
    ['1.95.3 - 1.99.0', '1.95.3'],
    ['^1.99.1 || ^1.91.0', '1.91.0'],
    ['v1.99.0', 'v1.99.0'],
  ])('%s admits %s first', (range, lowest) => {
    expect(lowestInRange(range)).toBe(lowest)
  })

  it.each(['*', 'latest', 'workspace:*', 'github:solana-labs/solana-web3.js', 'file:../web3'])(
    '%s names no version',
    (range) => {
      expect(lowestInRange(range)).toBeUndefined()
    },
  )

  it('orders versions by their numbers, an unreadable one first', () => {
    expect(compareVersions('1.99.0', '1.99.0')).toBe(0)
    expect(compareVersions('1.100.0', '1.99.0')).toBeGreaterThan(0)
    expect(compareVersions('1.98.4', '1.99.0')).toBeLessThan(0)
    expect(compareVersions('1.99.0-rc.1', '1.99.0')).toBe(0)
    expect(compareVersions('2.0.0', '1.99.0')).toBeGreaterThan(0)
    expect(compareVersions('1.x', '1.99.0')).toBeLessThan(0)
    expect(compareVersions('next', '1.99.0')).toBeLessThan(0)
  })
})
