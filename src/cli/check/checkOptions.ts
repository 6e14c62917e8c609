import type { CliOption } from '../command/types'

/** The options of `confirmed-rpc check` (its `--help` and its argument parsing read them). */
export const CHECK_OPTIONS = {
  json: {
    type: 'boolean',
    description: 'print the report as one JSON object on stdout',
    example: 'confirmed-rpc check --json https://rpc.example.com',
  },
  address: {
    type: 'string',
    valueName: 'address',
    description:
      'the address whose history the paging probes read (default: the System Program, busy everywhere)',
    example: 'confirmed-rpc check --address <address> https://rpc.example.com',
  },
} as const satisfies Readonly<Record<string, CliOption>>
