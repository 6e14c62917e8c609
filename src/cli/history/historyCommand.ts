import { readProcessHost } from '../command/process'
import type { CliCommand } from '../command/types'
import { HISTORY_OPTIONS } from './historyOptions'

const ADDRESS = 'Vote111111111111111111111111111111111111111'

/**
 * `confirmed-rpc history <address>`: exports an address's history (signatures, optionally with
 * their transactions) as JSON lines or CSV, resumable after any crash. See docs/cli.md.
 */
export const historyCommand: CliCommand = {
  name: 'history',
  summary: "export an address's history as JSON lines or CSV, resumable after a crash",
  usage: 'confirmed-rpc history [options] <address>',
  description: [
    "Pages through an address's history (getSignaturesForAddress, newest first unless --order",
    'oldest) and writes one entry per line: JSON lines (default) or CSV with a header row. u64',
    'values are exact. With --transactions, each entry carries its transaction.',
    '',
    'With --out <file>, each page is flushed to the file before <file>.checkpoint.json records it;',
    'after a crash, Ctrl-C or kill -9, the same command with --resume continues after the last',
    'recorded page: nothing lost, nothing written twice. Progress goes to stderr (--quiet: none);',
    'stdout carries data only. The endpoint is --rpc (repeatable) or the RPC_URL variable;',
    'secrets in it never appear in messages. Ctrl-C exits 130 after writing the checkpoint.',
  ].join('\n'),
  options: HISTORY_OPTIONS,
  examples: [
    {
      command: `confirmed-rpc history --out vote.jsonl ${ADDRESS}`,
      does: 'the whole history as JSON lines, resumable',
    },
    {
      command: `confirmed-rpc history --out vote.jsonl --resume ${ADDRESS}`,
      does: 'continue it after a crash or Ctrl-C',
    },
    {
      command: `confirmed-rpc history --format csv --limit 1000 ${ADDRESS}`,
      does: 'the newest 1000 entries as CSV, on stdout',
    },
    {
      command: `confirmed-rpc history --transactions --limit 50 ${ADDRESS}`,
      does: 'with their transactions (--encoding picks how they are encoded)',
    },
    {
      command: 'confirmed-rpc history --demo --limit 20',
      does: 'try it on the embedded mock ledger',
    },
  ],
  // Loaded when the command runs: the client and its dependencies stay out of the program's
  // start (`--help`, `migrate`), which then works wherever the CLI's own files are.
  run: async (args, io) => {
    const { runHistoryCommand } = await import('./runHistoryCommand')
    return runHistoryCommand(args, io, readProcessHost())
  },
}
