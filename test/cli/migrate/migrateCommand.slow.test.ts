import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { applyPatch, parsePatch } from 'diff'
import { afterAll, expect, it } from 'vitest'
import { UsageError } from '../../../src/cli/command/process'
import { loadTsMorph } from '../../../src/cli/migrate/migrateCommand'
import type { TsMorph } from '../../../src/cli/migrate/types'
import { runCli } from '../../../src/cli/runCli'
import { captureIo } from '../captureIo'
import { EXPECTED, INPUT } from '../migrateFixtures'
import { tempProject } from '../tempProject'

// `confirmed-rpc migrate` in process, through the dispatcher, on copies of the samples in
// temporary projects (main.slow.test.ts runs the built program as a process).
const projects: { dispose: () => void }[] = []
afterAll(() => {
  for (const project of projects) project.dispose()
})

const expected = (name: string) => readFileSync(resolve(EXPECTED, name), 'utf8')
const original = (name: string) => readFileSync(resolve(INPUT, name), 'utf8')

// One project for the diff, the report lines and the summary: each run of the codemod builds a
// type checker over the libraries and web3.js's declarations (about 2 s), whatever the files.
it('prints a unified diff on stdout and the report on stderr, and changes no file', async () => {
  const names = ['awaited.ts', 'byName.cjs', 'nothing.ts', 'slotRange.ts', 'testDoubles.ts']
  const project = tempProject(names, { nodeModules: true })
  projects.push(project)
  const io = captureIo(project.dir)
  expect(await runCli(['migrate', 'src'], io)).toBe(0)
  const patches = parsePatch(io.out())
  const changed = ['awaited.ts', 'byName.cjs', 'slotRange.ts', 'testDoubles.ts']
  expect(patches.map((patch) => [patch.oldFileName, patch.newFileName])).toEqual(
    changed.map((name) => [`a/src/${name}`, `b/src/${name}`]),
  )
  // The diff applied to the originals gives the expected output; the files are untouched.
  for (const [patch, name] of patches.map(
    (patch, index) => [patch, changed[index] ?? ''] as const,
  )) {
    expect(applyPatch(original(name), patch)).toBe(expected(name))
    expect(readFileSync(join(project.dir, 'src', name), 'utf8')).toBe(original(name))
  }
  const report = io.err().split('\n')
  expect(report[0]).toBe(
    'confirmed-rpc migrate: 5 files read, compiler options from defaults (no tsconfig.json found)',
  )
  expect(report).toContain(
    "src/awaited.ts:16:49: rewritten getConfirmedTransaction -> getTransaction: commitment 'finalized' moved into `{ commitment, maxSupportedTransactionVersion: 1 }`; its `transaction` becomes `{ message, signatures }` (not read here) and the result carries `version`",
  )
  expect(report).toContain(
    'src/byName.cjs:13:16: ignored getConfirmedTransaction: the type of `store` is unknown and its name does not look like a Connection',
  )
  // getConfirmedSignaturesForAddress and test doubles are reported, and counted in the summary.
  expect(report).toContain(
    'src/slotRange.ts:10:39: left getConfirmedSignaturesForAddress: web3.js ends it with getConfirmedSignaturesForAddress2, which Agave 2.0 removed (its getBlock lookups still work), and no call takes a slot range: page getSignaturesForAddress between `before`/`until` signatures from getBlockSignatures',
  )
  expect(report).toContain(
    "src/testDoubles.ts:16:42: test double getConfirmedTransaction: `jest.spyOn(connection, 'getConfirmedTransaction')` stands in for getConfirmedTransaction; once the code calls getTransaction it intercepts nothing: make it stand in for getTransaction, returning what getTransaction returns",
  )
  // The JavaScript file's receivers were matched by name: said once, with their lines.
  expect(report.filter((line) => line.includes('by name'))).toEqual([
    'src/byName.cjs: note: receivers of unknown type matched by name: `connection` (line 3), `conn` (line 8)',
  ])
  // The version written is the one the linked node_modules' web3.js (1.99.0) reads.
  expect(report.at(-3)).toBe(
    'note: `maxSupportedTransactionVersion: 1` written in src/awaited.ts, src/byName.cjs: @solana/web3.js 1.99.0 (installed), which reads v1 transactions',
  )
  expect(report.at(-2)).toBe(
    '9 rewritten, 1 left with a comment, 1 ignored (not a web3.js Connection), 5 test double(s) to update; 4 file(s) would change (run with --write to apply)',
  )
}, 60_000)

it('--write rewrites in place; a file with syntax errors is left, reported, and makes it exit 1', async () => {
  // No node_modules, a package.json that asks for web3.js ^1.99.0: version 1 is written.
  const project = tempProject(['chained.ts', 'shapeUsed.ts'], {
    nodeModules: false,
    web3Range: '^1.99.0',
  })
  projects.push(project)
  const broken = 'export const x = connection.getConfirmedTransaction(\n'
  writeFileSync(join(project.dir, 'src/broken.ts'), broken)
  // Windows line endings and a byte order mark survive, and the comment gets the same ending.
  const crlf = [
    'export async function f(connection, s) {',
    '  const a = await connection.getConfirmedTransaction(s)',
    '  return [a.slot, (await connection.getConfirmedTransaction(s)).transaction]',
    '}',
    '',
  ]
  writeFileSync(join(project.dir, 'src/crlf.js'), `\uFEFF${crlf.join('\r\n')}`)
  const io = captureIo(project.dir)
  expect(await runCli(['migrate', '--write', 'src'], io)).toBe(1)
  expect(io.out()).toBe('')
  // No node_modules: no web3.js types, so receivers were matched by name (and the report says
  // so), with the same result on these samples.
  for (const name of ['chained.ts', 'shapeUsed.ts']) {
    expect(readFileSync(join(project.dir, 'src', name), 'utf8')).toBe(expected(name))
  }
  expect(readFileSync(join(project.dir, 'src/broken.ts'), 'utf8')).toBe(broken)
  expect(readFileSync(join(project.dir, 'src/crlf.js'), 'utf8')).toBe(
    `\uFEFF${[
      crlf[0],
      '  const a = await connection.getTransaction(s, { maxSupportedTransactionVersion: 1 })',
      "  // confirmed-rpc migrate: getConfirmedTransaction kept: the result's `transaction` is read",
      "  //   (`(...).transaction`); getTransaction's `transaction` is `{ message, signatures }`, not a",
      '  //   web3.js Transaction',
      ...crlf.slice(2),
    ].join('\r\n')}`,
  )
  const report = io.err()
  expect(report).toContain(
    "\nsrc/broken.ts: failed: syntax error at line 2: ')' expected; left as it is\n",
  )
  expect(report).toContain(
    '\nsrc/chained.ts: note: @solana/web3.js cannot be resolved from this file; receivers matched by name: `connection` (lines 5, 10, 17, 23, 30)\n',
  )
  expect(report).toContain(
    "\nsrc/chained.ts:5:21: rewritten getConfirmedTransaction -> getTransaction: commitment 'confirmed' moved into `{ commitment, maxSupportedTransactionVersion: 1 }`; its `transaction` becomes `{ message, signatures }` (not read here) and the result carries `version`\n",
  )
  expect(report).toContain(
    "\nnote: `maxSupportedTransactionVersion: 1` written in src/chained.ts, src/crlf.js: @solana/web3.js '^1.99.0' (package.json, none installed), which reads v1 transactions\n",
  )
  // Without test doubles the summary does not mention them.
  expect(report).toMatch(
    /\n6 rewritten, 11 left with a comment, 0 ignored \(not a web3\.js Connection\); 3 file\(s\) written; 1 failed\n$/,
  )

  // Run again on its own output: nothing left to do, and no comment added twice.
  const again = captureIo(project.dir)
  expect(await runCli(['migrate', '--write', 'src/chained.ts', 'src/shapeUsed.ts'], again)).toBe(0)
  expect(again.err()).toMatch(
    /0 rewritten, 10 left with a comment, 0 ignored .*; 0 file\(s\) written\n$/,
  )
  expect(readFileSync(join(project.dir, 'src/shapeUsed.ts'), 'utf8')).toBe(expected('shapeUsed.ts'))
}, 60_000)

// web3.js reads v1 transactions from 1.99.0 on: its TransactionVersionStruct (src/connection.ts,
// solana-labs/solana-web3.js branch maintenance/v1.x) admits `literal(1)` there and not in 1.98.4,
// which throws on a v1 answer. A project still on 1.98 (apps pinning `^1.95.2`, as
// socks888/kimi88's package.json does, can resolve to one) gets version 0, and a note on its cost.
// The range fallback is covered with a `^1.99.0` package.json in the --write test above.
it('writes maxSupportedTransactionVersion 0 where the installed web3.js (1.98.4) cannot read v1, and says so', async () => {
  const project = tempProject(['runnable.mts', 'byName.cjs'], {
    nodeModules: false,
    web3Installed: '1.98.4',
  })
  projects.push(project)
  const io = captureIo(project.dir)
  expect(await runCli(['migrate', 'src'], io)).toBe(0)
  const diff = io.out()
  expect(diff).toContain(
    "+  const tx = await connection.getTransaction(signature, { commitment: 'finalized', maxSupportedTransactionVersion: 0 })",
  )
  expect(diff).not.toContain('maxSupportedTransactionVersion: 1')
  expect(io.err().split('\n').at(-3)).toBe(
    'note: `maxSupportedTransactionVersion: 0` written in src/byName.cjs, src/runnable.mts: @solana/web3.js 1.98.4 (installed) cannot read v1 transactions, so those fail (-32015) until web3.js is 1.99.0 or later; then write 1',
  )
}, 60_000)

const missing = (code: string, message: string) => () =>
  Promise.reject(Object.assign(new Error(message), { code })) as Promise<TsMorph>

it('loads ts-morph when it is installed', async () => {
  const tsMorph = await loadTsMorph()
  expect(typeof tsMorph.Project).toBe('function')
})

it('turns a missing ts-morph into a usage error that says how to install it', async () => {
  for (const code of ['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND']) {
    const error = await loadTsMorph(
      missing(code, "Cannot find package 'ts-morph' imported from /app/dist/cli/main.js"),
    ).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(UsageError)
    expect((error as Error).message).toContain('run `npm i -D ts-morph`')
  }
})

it('passes any other failure on', async () => {
  await expect(
    loadTsMorph(missing('ERR_MODULE_NOT_FOUND', "Cannot find package 'left-pad'")),
  ).rejects.toThrow("Cannot find package 'left-pad'")
  await expect(loadTsMorph(missing('EACCES', 'permission denied'))).rejects.not.toBeInstanceOf(
    UsageError,
  )
})
