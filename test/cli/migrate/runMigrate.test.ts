import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadTsMorph } from '../../../src/cli/migrate/migrateCommand'
import { migrateFiles } from '../../../src/cli/migrate/runMigrate'
import type { FileMigration, MigrateFinding } from '../../../src/cli/migrate/types'
import { EXPECTED, FIXTURE_NAMES, INPUT, migrateFixtures, ROOT } from '../migrateFixtures'

// The samples in fixtures/input are rewritten in memory and compared with fixtures/expected
// (regenerate those with UPDATE_CLI_FIXTURES=1 after a deliberate change, and read the diff).
let byPath: Map<string, FileMigration>

beforeAll(async () => {
  const { migrations } = await migrateFixtures()
  byPath = new Map(migrations.map((migration) => [migration.path, migration]))
}, 60_000)

const input = (name: string) => byPath.get(resolve(INPUT, name)) as FileMigration
const outcomes = (name: string) => input(name).findings.map((finding) => finding.outcome)
const left = (name: string) => input(name).findings.filter((finding) => finding.outcome === 'left')

describe('confirmed-rpc migrate on the samples', () => {
  it.each(FIXTURE_NAMES)('rewrites %s as fixtures/expected has it', async (name) => {
    const migration = input(name)
    expect(migration.error).toBeUndefined()
    if (process.env.UPDATE_CLI_FIXTURES) {
      const { writeFileSync } = await import('node:fs')
      writeFileSync(resolve(EXPECTED, name), migration.rewritten)
    }
    expect(migration.rewritten).toBe(readFileSync(resolve(EXPECTED, name), 'utf8'))
  })

  it.each(FIXTURE_NAMES)(
    'changes nothing in its own output (%s): no second comment, no rewrite',
    (name) => {
      const again = byPath.get(resolve(EXPECTED, name)) as FileMigration
      expect(again.rewritten).toBe(again.original)
      expect(again.findings.filter((finding) => finding.outcome === 'rewritten')).toEqual([])
    },
  )

  it('leaves a file with nothing to rewrite alone, and says nothing about it', () => {
    expect(input('nothing.ts').rewritten).toBe(input('nothing.ts').original)
    expect(input('nothing.ts').findings).toEqual([])
  })

  it('reports getConfirmedSignaturesForAddress, which no one call replaces, with a comment', () => {
    expect(input('slotRange.ts').findings).toEqual([
      expect.objectContaining({
        method: 'getConfirmedSignaturesForAddress',
        outcome: 'left',
        replacement: 'getSignaturesForAddress',
        line: 10,
      }),
    ])
    expect(left('slotRange.ts')[0]?.detail).toMatch(
      /^web3\.js builds it on methods Agave 2\.0 removed \(getConfirmedBlockSignatures, getConfirmedSignaturesForAddress2\)/,
    )
    expect(input('slotRange.ts').rewritten).toContain(
      '  // confirmed-rpc migrate: getConfirmedSignaturesForAddress kept: web3.js builds it',
    )
  })

  it('reports test doubles that name an old method, and leaves them as they are', () => {
    const doubles = input('testDoubles.ts').findings.filter((f) => f.outcome === 'double')
    expect(doubles.map(({ line, method }) => [line, method])).toEqual([
      [15, 'getConfirmedSignaturesForAddress2'],
      [16, 'getConfirmedTransaction'],
      [18, 'getConfirmedSignaturesForAddress2'],
      [21, 'getConfirmedTransaction'],
      [25, 'getParsedConfirmedTransaction'],
    ])
    expect(doubles[0]?.detail).toContain(
      'once the code calls getSignaturesForAddress it intercepts nothing',
    )
    expect(doubles[1]?.detail).toContain('and return what getTransaction returns')
    expect(outcomes('testDoubles.ts').filter((o) => o !== 'double')).toEqual(['rewritten'])
    const original = input('testDoubles.ts').original
    const rewritten = input('testDoubles.ts').rewritten
    expect(rewritten).toBe(
      original.replace(
        'connection.getConfirmedSignaturesForAddress2(',
        'connection.getSignaturesForAddress(',
      ),
    )
  })

  it("ignores calls on confirmed-rpc's own client, by its type", () => {
    expect(input('confirmedRpcClient.ts').findings).toEqual([
      expect.objectContaining({
        method: 'getConfirmedSignaturesForAddress2',
        outcome: 'ignored',
        line: 9,
      }),
      expect.objectContaining({ method: 'getConfirmedTransaction', outcome: 'ignored', line: 11 }),
    ])
    expect(input('confirmedRpcClient.ts').findings[0]?.detail).toMatch(/not a web3\.js Connection/)
  })

  it('rewrites every call whose result is read only through fields that keep their type', () => {
    expect(outcomes('awaited.ts')).toEqual(Array(6).fill('rewritten'))
    expect(outcomes('runnable.mts')).toEqual(Array(3).fill('rewritten'))
  })

  it('follows .then callbacks, .catch and a stored promise', () => {
    expect(outcomes('chained.ts')).toEqual([
      'rewritten',
      'rewritten',
      'left',
      'rewritten',
      'rewritten',
    ])
    expect(left('chained.ts')[0]).toMatchObject<Partial<MigrateFinding>>({ line: 17, column: 6 })
    expect(left('chained.ts')[0]?.detail).toContain('`tx?.transaction.feePayer?.toBase58`')
  })

  it('recognises a Connection held by a class and a subclass of Connection', () => {
    expect(outcomes('classMember.ts')).toEqual([
      'rewritten',
      'rewritten',
      'rewritten',
      'left',
      'rewritten',
    ])
  })

  it('leaves each call whose result shape is used or cannot be followed, with a comment naming why', () => {
    const details = left('shapeUsed.ts').map((finding) => `${finding.line}: ${finding.detail}`)
    expect(details).toEqual([
      expect.stringMatching(
        /^5: the result's `transaction` is read \(`tx\.transaction\.signatures\.map`\)/,
      ),
      expect.stringMatching(/^11: the result's `transaction` is destructured/),
      expect.stringMatching(
        /^18: the result's `transaction` is read \(`\(\.\.\.\)\?\.\['transaction'\]\.feePayer`\)/,
      ),
      expect.stringMatching(/^22: the promise is returned/),
      expect.stringMatching(/^26: the result is passed to `into\.set`/),
      expect.stringMatching(/^31: the result is declared as `ConfirmedTransaction \| null`/),
      expect.stringMatching(/^37: the promise is stored in an object or array/),
      expect.stringMatching(/^38: the promise is stored in an object or array/),
      expect.stringMatching(/^44: referenced without being called/),
    ])
    const comments = input('shapeUsed.ts')
      .rewritten.split('\n')
      .filter((line) =>
        line.trim().startsWith('// confirmed-rpc migrate: getConfirmedTransaction kept: '),
      )
    // One comment per statement: the two calls inside one Promise.all share theirs.
    expect(comments).toHaveLength(8)
    expect(comments[0]).toContain('not a web3.js Transaction')
  })

  it('handles each form of the commitment argument', () => {
    expect(outcomes('commitments.ts')).toEqual([
      'rewritten',
      'rewritten',
      'rewritten',
      'rewritten',
      'left',
      'rewritten',
      'rewritten',
    ])
    expect(left('commitments.ts')[0]?.detail).toMatch(/`pickCommitment\(\)` may be undefined/)
    expect(outcomes('commitments.js')).toEqual([
      'rewritten',
      'rewritten',
      'rewritten',
      'rewritten',
      'rewritten',
      'left',
    ])
    expect(left('commitments.js')[0]?.detail).toMatch(/not a plain name/)
  })

  it('matches receivers by name where their type is unknown, and says so', () => {
    const findings = input('byName.cjs').findings
    expect(findings.map((finding) => finding.outcome)).toEqual([
      'rewritten',
      'rewritten',
      'ignored',
    ])
    expect(findings[0]?.detail).toMatch(/receiver matched by its name `connection`/)
    expect(findings[1]?.detail).toMatch(/receiver matched by its name `conn`/)
    expect(findings[2]?.detail).toMatch(
      /`store` is unknown and its name does not look like a Connection/,
    )
  })

  it('sets `commitment` directly where exactOptionalPropertyTypes is off (--project)', async () => {
    const { migrations, tsconfig } = migrateFiles({
      files: [resolve(INPUT, 'commitments.ts')],
      cwd: ROOT,
      tsconfig: 'test/cli/fixtures/tsconfig.loose.json',
      tsMorph: await loadTsMorph(),
    })
    expect(tsconfig).toBe(resolve(ROOT, 'test/cli/fixtures/tsconfig.loose.json'))
    const rewritten = migrations[0]?.rewritten ?? ''
    expect(rewritten).toContain(
      'getParsedTransaction(signature, { commitment, maxSupportedTransactionVersion: 0 })',
    )
    expect(rewritten).toContain(
      'getParsedTransactions(signatures, { commitment: options.commitment, maxSupportedTransactionVersion: 0 })',
    )
    expect(rewritten).toContain(
      'getParsedTransaction(signature, { commitment: pickCommitment(), maxSupportedTransactionVersion: 0 })',
    )
    expect(migrations[0]?.findings.every((finding) => finding.outcome === 'rewritten')).toBe(true)
  }, 60_000)
})
