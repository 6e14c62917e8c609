import { parseCommandArgs } from '../command/parseCommandArgs'
import { UsageError } from '../command/process'
import type { CliCommand } from '../command/types'
import { collectSourceFiles } from './collectSourceFiles'
import { loadTsMorph } from './loadTsMorph'
import { MIGRATE_OPTIONS } from './migrateOptions'
import { SOURCE_EXTENSIONS } from './sourceExtensions'

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
