import { parseCommandArgs } from '../command/parseCommandArgs'
import { UsageError } from '../command/process'
import type { CliCommand, CliOption } from '../command/types'
import { collectSourceFiles, SOURCE_EXTENSIONS } from './collectSourceFiles'
import type { TsMorph } from './types'

/** The options of `confirmed-rpc migrate` (its `--help` and its argument parsing read them). */
const MIGRATE_OPTIONS = {
  write: {
    type: 'boolean',
    short: 'w',
    description: 'apply the rewrites to the files in place instead of printing a diff',
    example: 'confirmed-rpc migrate --write src',
  },
  project: {
    type: 'string',
    short: 'p',
    valueName: 'tsconfig',
    description: 'the tsconfig.json to resolve types with (default: the nearest one above the cwd)',
    example: 'confirmed-rpc migrate --project tsconfig.app.json src',
  },
} as const satisfies Readonly<Record<string, CliOption>>

/**
 * `confirmed-rpc migrate <paths...>`: rewrites web3.js v1 calls of the deprecated methods to
 * their replacements, and reports the ones it cannot move. The arguments and paths are checked before anything else (exit 2, nothing
 * written); ts-morph, an optional peer dependency, is loaded only then, and the code that uses
 * it (runMigrate and what it imports) after it, so that `--help` and usage errors work without it.
 */
export const migrateCommand: CliCommand = {
  name: 'migrate',
  summary: 'rewrite web3.js v1 calls of the deprecated methods to their replacements',
  usage: 'confirmed-rpc migrate [options] <paths...>',
  description: [
    'Rewrites calls of the methods web3.js 1.99 deprecates on Connection where the replacement',
    'does the same:',
    '  getConfirmedSignaturesForAddress2 -> getSignaturesForAddress (same arguments)',
    '  getConfirmedBlockSignatures       -> getBlockSignatures (same arguments)',
    '  getRecentBlockhash(AndContext)    -> getLatestBlockhash(AndContext), unless feeCalculator is read',
    '  getConfirmedTransaction(signature, commitment?)',
    '    -> getTransaction(signature, { commitment, maxSupportedTransactionVersion: N }),',
    '       unless its `transaction` (a web3.js Transaction) is read or the result goes out of sight',
    '  getParsedConfirmedTransaction(s)(signature(s), commitment?)',
    '    -> getParsedTransaction(s)(signature(s), { commitment, maxSupportedTransactionVersion: N })',
    'N is 1 where the project has @solana/web3.js 1.99.0 or later (it reads v1 transactions),',
    'else 0, and the report says v1 transactions fail until web3.js is updated.',
    'getConfirmedSignaturesForAddress, getConfirmedBlock, getFeeCalculatorForBlockhash,',
    'getStakeActivation and getTotalSupply have no equivalent call: each use is left with a',
    '`// confirmed-rpc migrate:` comment saying what to do (see docs/cli.md). So is a call on a',
    'Connection subclass that declares the method or its replacement itself. Test doubles that',
    "name an old method (jest.spyOn(connection, 'getConfirmedTransaction'), object literals typed",
    'as Connection, fake classes cast to it) are reported with what to change in them.',
    '',
    `Paths are files or directories (${SOURCE_EXTENSIONS.join(' ')});`,
    'node_modules, dist and hidden directories are skipped. The diff goes to stdout, the report',
    '(file:line:column: rewritten, left, ignored or test double, and why) to stderr. Needs ts-morph, an',
    'optional peer dependency: npm i -D ts-morph',
  ].join('\n'),
  options: MIGRATE_OPTIONS,
  examples: [
    { command: 'confirmed-rpc migrate src', does: 'print the diff of the rewrites under src/' },
    {
      command: 'confirmed-rpc migrate src > migrate.patch',
      does: 'save it, to apply with git apply',
    },
    { command: 'confirmed-rpc migrate --write src scripts/sync.js', does: 'apply them in place' },
    {
      command: 'confirmed-rpc migrate -p tsconfig.build.json src',
      does: 'resolve types with that tsconfig',
    },
  ],
  run: async (args, io) => {
    const { values, positionals } = parseCommandArgs(MIGRATE_OPTIONS, args)
    if (positionals.length === 0) {
      throw new UsageError('no paths given: name the files or directories to migrate')
    }
    const files = collectSourceFiles(positionals, io.cwd)
    const tsMorph = await loadTsMorph()
    const { runMigrate } = await import('./runMigrate')
    const project = values.project
    return runMigrate(
      {
        files,
        write: values.write === true,
        tsconfig: typeof project === 'string' ? project : undefined,
        tsMorph,
      },
      io,
    )
  },
}

/**
 * Loads ts-morph, an optional peer dependency: apps that install confirmed-rpc never download
 * it (nor the TypeScript compiler it bundles); only the `migrate` command needs it. Missing, it
 * is a `UsageError` (exit 2) that says how to install it. `load` is for tests.
 */
export async function loadTsMorph(
  load: () => Promise<TsMorph> = () => import('ts-morph'),
): Promise<TsMorph> {
  try {
    return await load()
  } catch (error) {
    const code = (error as { code?: unknown }).code
    const message = error instanceof Error ? error.message : ''
    if (
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
      /ts-morph/.test(message)
    ) {
      throw new UsageError(
        'the migrate command needs ts-morph, an optional peer dependency that is not installed: run `npm i -D ts-morph`',
      )
    }
    throw error
  }
}
