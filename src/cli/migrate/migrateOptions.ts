import type { CliOption } from '../command/types'

/** The options of `confirmed-rpc migrate` (its `--help` and its argument parsing read them). */
export const MIGRATE_OPTIONS = {
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
