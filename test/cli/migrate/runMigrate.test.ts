import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEPRECATED_METHODS } from '../../../src/cli/migrate/deprecatedMethods'
import { formatMigrateReport } from '../../../src/cli/migrate/formatMigrateReport'
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
    // web3.js 1.99 looks the slots up with getBlock (which works on Agave 2.x) and ends with
    // getConfirmedSignaturesForAddress2, the one it sends that Agave 2.0 removed
    // (deprecatedMethods.web3.test.ts watches it do so).
    expect(left('slotRange.ts')[0]?.detail).toMatch(
      /^web3\.js ends it with getConfirmedSignaturesForAddress2, which Agave 2\.0 removed \(its getBlock lookups still work\)/,
    )
    expect(input('slotRange.ts').rewritten).toContain(
      [
        '  // confirmed-rpc migrate: getConfirmedSignaturesForAddress kept: web3.js ends it with',
        '  //   getConfirmedSignaturesForAddress2, which Agave 2.0 removed (its getBlock lookups still',
      ].join('\n'),
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
    expect(doubles[1]?.detail).toContain('returning what getTransaction returns')
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
    const lines = input('shapeUsed.ts').rewritten.split('\n')
    const comments = lines.flatMap((line, index) =>
      line.trim().startsWith('// confirmed-rpc migrate: getConfirmedTransaction kept: ')
        ? [index]
        : [],
    )
    // One comment per statement: the two calls inside one Promise.all share theirs.
    expect(comments).toHaveLength(8)
    expect(lines.slice(comments[0], (comments[0] ?? 0) + 3)).toEqual([
      "  // confirmed-rpc migrate: getConfirmedTransaction kept: the result's `transaction` is read",
      "  //   (`tx.transaction.signatures.map`); getTransaction's `transaction` is",
      '  //   `{ message, signatures }`, not a web3.js Transaction',
    ])
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

  // Pattern: sistemaseltigre/ClasesTwitch, clase-5/log-tx/log.js — CommonJS scripts that take
  // the connection as an untyped value; a report that repeated the reason on every line of such a
  // file said the same thing as many times as the file had calls.
  it('matches receivers by name where their type is unknown, and says so once per file', () => {
    const findings = input('byName.cjs').findings
    expect(findings.map(({ outcome, receiverName }) => [outcome, receiverName ?? null])).toEqual([
      ['rewritten', 'connection'],
      ['rewritten', 'conn'],
      ['ignored', null],
    ])
    expect(findings[2]?.detail).toMatch(
      /`store` is unknown and its name does not look like a Connection/,
    )
    const report = formatMigrateReport([input('byName.cjs')], {
      tsconfig: 'tsconfig.json',
      write: false,
      writeErrors: new Map(),
    }).split('\n')
    expect(report.filter((line) => line.includes('matched by name'))).toEqual([
      'test/cli/fixtures/input/byName.cjs: note: receivers of unknown type matched by name: `connection` (line 3), `conn` (line 8)',
    ])
    expect(report[2]).toBe(
      'test/cli/fixtures/input/byName.cjs:3:33: rewritten getConfirmedSignaturesForAddress2 -> getSignaturesForAddress: same arguments, same result',
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
      'getParsedTransaction(signature, { commitment, maxSupportedTransactionVersion: 1 })',
    )
    expect(rewritten).toContain(
      'getParsedTransactions(signatures, { commitment: options.commitment, maxSupportedTransactionVersion: 1 })',
    )
    expect(rewritten).toContain(
      'getParsedTransaction(signature, { commitment: pickCommitment(), maxSupportedTransactionVersion: 1 })',
    )
    expect(migrations[0]?.findings.every((finding) => finding.outcome === 'rewritten')).toBe(true)
  }, 60_000)

  // Pattern: coral-xyz/backpack, packages/common/src/solana/background-connection.ts — a wallet
  // extension's page-side `BackgroundSolanaConnection extends Connection` forwards
  // getConfirmedSignaturesForAddress2 to its background process and, in several versions,
  // answers getSignaturesForAddress with `throw new Error("not implemented")`; the app gets it
  // typed as a plain Connection.
  it('keeps calls that a Connection subclass overrides, or may, and says which methods', () => {
    const outcomes = (name: string) =>
      input(name).findings.map(({ line, method, outcome }) => [line, method, outcome])
    expect(outcomes('relayedConnection.ts')).toEqual([
      [47, 'getConfirmedSignaturesForAddress2', 'left'],
      [66, 'getConfirmedSignaturesForAddress2', 'left'],
      [71, 'getParsedConfirmedTransaction', 'left'],
      [77, 'getConfirmedSignaturesForAddress2', 'left'],
      // Neither subclass declares getConfirmedTransaction or getTransaction.
      [78, 'getConfirmedTransaction', 'rewritten'],
      // A CountingConnection cannot be a RelayedConnection.
      [88, 'getConfirmedSignaturesForAddress2', 'rewritten'],
    ])
    expect(left('relayedConnection.ts').map((finding) => finding.detail)).toEqual([
      '`this` is a RelayedConnection, which declares its own getConfirmedSignaturesForAddress2 (line 29) and getSignaturesForAddress (line 38): a rename would run other code; port those first',
      '`connection` is a RelayedConnection, which declares its own getConfirmedSignaturesForAddress2 (line 29) and getSignaturesForAddress (line 38): a rename would run other code; port those first',
      '`connection` is an AuditedConnection, which declares its own getParsedTransaction (line 56): a rename would run other code; port those first',
      '`connection` may be a RelayedConnection (relayedConnection.ts:21), which declares its own getConfirmedSignaturesForAddress2 and getSignaturesForAddress: if it is one, a rename runs other code; rename by hand where it cannot be',
    ])
    // A file that imports the subclass: its plain Connection may be one; a method the subclass
    // does not declare is still rewritten.
    expect(outcomes('relayedUse.ts')).toEqual([
      [10, 'getConfirmedSignaturesForAddress2', 'left'],
      [11, 'getConfirmedBlockSignatures', 'rewritten'],
    ])
    // A file that does not import it is not concerned (awaited.ts renames the same call).
    expect(outcomes('awaited.ts')[0]).toEqual([5, 'getConfirmedSignaturesForAddress2', 'rewritten'])
  })

  it('knows every method web3.js 1.99 deprecates as a whole on Connection', () => {
    expect(Object.keys(DEPRECATED_METHODS).sort()).toEqual(deprecatedConnectionMethods())
  })

  // Patterns: chinnabellamkonda/SolanaTest, web3_methods/ (one script per Connection method:
  // getConfirmedBlockSignatures.ts, getConfirmedBlock.ts, getRecentBlockhash.ts,
  // getRecentBlockhashAndContext.ts, getFeeCalculatorForBlockhash.ts, getStakeActivation.ts);
  // crocchi/ScrockBot, index.js (getConfirmedBlock moved by hand to getBlock with
  // maxSupportedTransactionVersion, reading `tx.transaction.signatures[0]`).
  it('rewrites the other deprecated methods where the replacement is equivalent, and says what to do where not', () => {
    const found = input('blocksAndFees.ts').findings.map(({ method, outcome, replacement }) =>
      outcome === 'rewritten' ? `${method} -> ${replacement}` : `${outcome} ${method}`,
    )
    expect(found).toEqual([
      'getConfirmedBlockSignatures -> getBlockSignatures',
      'left getConfirmedBlock',
      'getRecentBlockhash -> getLatestBlockhash',
      'left getRecentBlockhash',
      'getRecentBlockhashAndContext -> getLatestBlockhashAndContext',
      'left getRecentBlockhashAndContext',
      'left getFeeCalculatorForBlockhash',
      'left getStakeActivation',
      'left getTotalSupply',
    ])
    const details = left('blocksAndFees.ts').map((finding) => finding.detail)
    expect(details[0]).toBe(
      'web3.js sends getBlock without maxSupportedTransactionVersion, so a block holding a v0 or v1 transaction fails (-32015); no call returns web3.js Transactions: use `getBlock(slot, { maxSupportedTransactionVersion: 1 })` (transactions as `{ message, signatures }`, null for a missing block) or getBlockSignatures',
    )
    expect(details[1]).toBe(
      "the result's `feeCalculator` is destructured (`{ feeCalculator }`); getLatestBlockhash has none: get a fee from getFeeForMessage",
    )
    // The path to the changed part is followed: `recent.value.blockhash` does not hold the
    // call, `{ value: { feeCalculator } }` does.
    expect(details[2]).toBe(
      "the result's `feeCalculator` is destructured (`{ feeCalculator }`); getLatestBlockhashAndContext has none: get a fee from getFeeForMessage",
    )
    expect(details.slice(3)).toEqual([
      expect.stringMatching(/^Agave 2\.0 removed it: test a blockhash with isBlockhashValid/),
      expect.stringMatching(/^Agave 2\.0 removed it and web3\.js has no replacement/),
      expect.stringMatching(/^it works on every node \(web3\.js sends getSupply for it\)/),
    ])
  })

  // Patterns: anza-xyz/solana-pay, core/test/findTransactionSignature.test.ts (an object literal
  // `as Connection` answering getSignaturesForAddress); torusresearch/solana-wallet,
  // tests/controller/mockConnection.ts (a `Partial<Connection>` literal with
  // getRecentBlockhashAndContext and getSignaturesForAddress, returned `as unknown as
  // Connection`); venturefund-archive/xcapit-app,
  // src/app/modules/swaps/shared-swaps/models/fakes/fake-connection.ts (a FakeConnection class
  // used where a Connection goes).
  it('advises each test double by what it already stands in for, fake classes cast to Connection included', () => {
    const doubles = input('doublesWithReplacement.ts').findings.filter(
      (finding) => finding.outcome === 'double',
    )
    expect(doubles.map(({ line, method, detail }) => [line, method, detail])).toEqual([
      [
        12,
        'getConfirmedSignaturesForAddress2',
        '`async getConfirmedSignaturesForAddress2() { ret...` stands in for getConfirmedSignaturesForAddress2 and already for getSignaturesForAddress (line 15): once the code calls getSignaturesForAddress, remove this one',
      ],
      [
        22,
        'getConfirmedTransaction',
        '`async getConfirmedTransaction() { return null }` (cast to Connection at line 33) stands in for getConfirmedTransaction; once the code calls getTransaction it intercepts nothing: make it stand in for getTransaction, returning what getTransaction returns',
      ],
      [
        25,
        'getRecentBlockhash',
        '`async getRecentBlockhash() { return { blockhash...` (cast to Connection at line 33) stands in for getRecentBlockhash and already for getLatestBlockhash (line 28): once the code calls getLatestBlockhash, remove this one',
      ],
      [
        38,
        'getConfirmedSignaturesForAddress2',
        "`vi.spyOn(connection, 'getConfirmedSignaturesFor...` stands in for getConfirmedSignaturesForAddress2 and already for getSignaturesForAddress (line 39): once the code calls getSignaturesForAddress, remove this one",
      ],
      [
        40,
        'getConfirmedBlock',
        "`vi.spyOn(connection, 'getConfirmedBlock')` stands in for getConfirmedBlock, whose calls are not rewritten (see their comments): change it with them",
      ],
    ])
    // None of them is touched.
    expect(input('doublesWithReplacement.ts').rewritten).toBe(
      input('doublesWithReplacement.ts').original.replace(
        'connection.getConfirmedSignaturesForAddress2(',
        'connection.getSignaturesForAddress(',
      ),
    )
  })

  it('writes every comment in lines of at most 100 columns, true to the code it stands above', () => {
    for (const name of FIXTURE_NAMES) {
      const lines = input(name).rewritten.split('\n')
      const inserted = lines.filter(
        (line) =>
          line.trim().startsWith('// confirmed-rpc migrate:') || line.trim().startsWith('//   '),
      )
      for (const line of inserted) expect(line.length, `${name}: ${line}`).toBeLessThanOrEqual(100)
    }
    // The longest reason of the samples takes several lines, each continuing the one before.
    const rewritten = input('blocksAndFees.ts').rewritten
    expect(rewritten).toContain(
      [
        '  // confirmed-rpc migrate: getConfirmedBlock kept: web3.js sends getBlock without',
        '  //   maxSupportedTransactionVersion, so a block holding a v0 or v1 transaction fails (-32015); no',
        '  //   call returns web3.js Transactions: use',
        '  //   `getBlock(slot, { maxSupportedTransactionVersion: 1 })` (transactions as',
        '  //   `{ message, signatures }`, null for a missing block) or getBlockSignatures',
        '  const block = await connection.getConfirmedBlock(slot)',
      ].join('\n'),
    )
  })

  // Since Agave 4.2, mainnet has v1 transactions, which `maxSupportedTransactionVersion: 0` still
  // refuses (-32015); web3.js 1.99.0, the one installed here, reads them.
  it('writes the maxSupportedTransactionVersion the installed web3.js reads (1.99.0: 1), and says so once', () => {
    expect(input('awaited.ts').web3Version).toEqual({
      transactionVersion: 1,
      found: '1.99.0 (installed)',
    })
    const report = formatMigrateReport([input('awaited.ts'), input('chained.ts')], {
      tsconfig: 'tsconfig.json',
      write: false,
      writeErrors: new Map(),
    })
    expect(report.split('\n').filter((line) => line.startsWith('note:'))).toEqual([
      'note: `maxSupportedTransactionVersion: 1` written in test/cli/fixtures/input/awaited.ts, test/cli/fixtures/input/chained.ts: @solana/web3.js 1.99.0 (installed), which reads v1 transactions',
    ])
  })

  it('says where the result object changes: `version` on the parsed results', () => {
    const parsed = input('chained.ts').findings.find(
      (finding) => finding.method === 'getParsedConfirmedTransactions',
    )
    expect(parsed?.detail).toBe(
      "no commitment: `{ maxSupportedTransactionVersion: 1 }` added; same type, but each result now carries `version` ('legacy' on legacy transactions)",
    )
  })
})

/**
 * The methods of web3.js's `Connection` (its installed `lib/index.d.ts`) whose every overload is
 * `@deprecated`: the ones deprecated as a whole, not those with one deprecated overload.
 */
function deprecatedConnectionMethods(): string[] {
  const path = resolve(ROOT, 'node_modules/@solana/web3.js/lib/index.d.ts')
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
  const overloads = new Map<string, boolean[]>()
  source.forEachChild(function visit(node) {
    if (ts.isClassDeclaration(node) && node.name?.text === 'Connection') {
      for (const member of node.members) {
        if (!ts.isMethodDeclaration(member) || member.name === undefined) continue
        const deprecated = ts.getJSDocTags(member).some((tag) => tag.tagName.text === 'deprecated')
        const name = member.name.getText(source)
        overloads.set(name, [...(overloads.get(name) ?? []), deprecated])
      }
    }
    node.forEachChild(visit)
  })
  return [...overloads]
    .filter(([, deprecated]) => deprecated.every(Boolean))
    .map(([name]) => name)
    .sort()
}
