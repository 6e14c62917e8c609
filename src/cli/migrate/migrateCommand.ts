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
 * their replacements. The arguments and paths are checked before anything else (exit 2, nothing
 * written); ts-morph, an optional peer dependency, is loaded only then, and the code that uses
 * it (runMigrate and what it imports) after it, so that `--help` and usage errors work without it.
 */
export const migrateCommand: CliCommand = {
  name: 'migrate',
  summary: 'rewrite web3.js v1 calls of the deprecated methods to their replacements',
  usage: 'confirmed-rpc migrate [options] <paths...>',
  description: [
    'Rewrites these calls on web3.js v1 Connection objects:',
    '  getConfirmedSignaturesForAddress2(address, options?, commitment?)',
    '    -> getSignaturesForAddress(address, options?, commitment?)',
    '  getConfirmedTransaction(signature, commitment?)',
    '    -> getTransaction(signature, { commitment, maxSupportedTransactionVersion: 0 })',
    '  getParsedConfirmedTransaction(s)(signature(s), commitment?)',
    '    -> getParsedTransaction(s)(signature(s), { commitment, maxSupportedTransactionVersion: 0 })',
    "A getConfirmedTransaction call is kept where code reads its result's `transaction` (a web3.js",
    'Transaction, which getTransaction replaces with { message, signatures }) or where the result',
    'goes out of sight; a `// confirmed-rpc migrate:` comment above it says why (see docs/cli.md).',
    'getConfirmedSignaturesForAddress(address, startSlot, endSlot) is reported, with a comment: web3.js',
    'builds it on removed methods and no one call replaces it. Test doubles that name an old method',
    "(jest.spyOn(connection, 'getConfirmedTransaction'), object literals typed as Connection) are",
    'reported too: once the calls are rewritten they intercept nothing.',
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
