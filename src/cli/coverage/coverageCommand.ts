import { parseCommandArgs } from '../command/parseCommandArgs'
import { readProcessHost, UsageError } from '../command/process'
import type { CliCommand, CliOption } from '../command/types'

/** The options of `confirmed-rpc coverage` (its `--help` and its argument parsing read them). */
const COVERAGE_OPTIONS = {
  json: {
    type: 'boolean',
    description: 'print the report as one JSON object on stdout',
    example: 'confirmed-rpc coverage --json out/',
  },
  recheck: {
    type: 'boolean',
    description:
      'ask the node (--rpc) again for a sample of the ranges of each record, and compare',
    example: 'confirmed-rpc coverage --recheck --rpc https://rpc.example.com vote.jsonl',
  },
  rpc: {
    type: 'string',
    valueName: 'url',
    description: 'the endpoint --recheck asks (default: the RPC_URL variable)',
    example: 'confirmed-rpc coverage --recheck --rpc "$RPC_URL" out/',
  },
  sample: {
    type: 'string',
    valueName: 'n|all',
    description:
      'ranges of each record --recheck asks for again (default 3: the ends and the middle)',
    example: 'confirmed-rpc coverage --recheck --sample all --rpc "$RPC_URL" vote.jsonl',
  },
} as const satisfies Readonly<Record<string, CliOption>>

/**
 * `confirmed-rpc coverage <dir | file>`: checks outputs of `history --out` and of the backfill
 * against the coverage records beside them. See docs/cli.md.
 */
export const coverageCommand: CliCommand = {
  name: 'coverage',
  summary: 'check exported histories against their coverage records: holes, repeats, edits',
  usage: 'confirmed-rpc coverage [options] <dir | file...>',
  description: [
    '`history --out <file>` and the backfill write <file>.coverage.json beside each output: the',
    'slot ranges its walk proved whole (from the first transaction, proven by an empty page below',
    'it, to the head the walk started from), each with its entry count and digests. This command',
    'reads each output (a file, or every output of a directory) against its record: lines out of',
    'order, an entry twice, a line deleted, altered or added, files concatenated, and the slots',
    'the walk did not prove (stopped by --limit, --until, --before or a crash). --recheck asks the',
    'node again for a sample of ranges (--sample all: every one) and compares counts and digests.',
    'Exit 0 when every output is proven from its first transaction to its head, 6 otherwise (with',
    'the list of holes), 2 on bad input.',
  ].join('\n'),
  options: COVERAGE_OPTIONS,
  examples: [
    { command: 'confirmed-rpc coverage vote.jsonl', does: 'check one export against its record' },
    {
      command: 'confirmed-rpc coverage out/',
      does: "check every output of a backfill's directory",
    },
    {
      command: 'confirmed-rpc coverage --recheck --sample all --rpc "$RPC_URL" vote.jsonl',
      does: 'and ask the node again for every range',
    },
  ],
  run: async (args, io) => {
    const { values, positionals } = parseCommandArgs(COVERAGE_OPTIONS, args)
    if (positionals.length === 0) {
      throw new UsageError('no output given: name an output file or a directory of outputs')
    }
    const { runCoverageCommand } = await import('./runCoverageCommand')
    return runCoverageCommand(
      {
        paths: positionals,
        json: values.json === true,
        recheck: values.recheck === true,
        rpc: typeof values.rpc === 'string' ? values.rpc : undefined,
        sample: typeof values.sample === 'string' ? values.sample : undefined,
      },
      io,
      readProcessHost().env,
    )
  },
}
