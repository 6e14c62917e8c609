import { readProcessHost } from '../command/process'
import type { CliCommand } from '../command/types'
import { BOOKS_OPTIONS } from './booksOptions'

const OWNER = '<owner>'

/**
 * `confirmed-rpc books <owner>`: a wallet's books (rows of its balance changes, exact),
 * reconciled with the chain at the end. See docs/books.md.
 */
export const booksCommand: CliCommand = {
  name: 'books',
  summary: "export a wallet's books, exact and reconciled with the chain, resumable after a crash",
  usage: 'confirmed-rpc books [options] <owner>',
  description: [
    "Walks a wallet's whole history (its transactions and those of every token account it owns",
    'or owned) and writes one row per transaction that changed its holdings or charged it a fee,',
    "failed ones included: the net change of SOL (its lamports, its token accounts' rent and",
    'wrapped SOL) and of each token, exact to the base unit. At the end the rows are reconciled',
    'with the holdings the chain reports now (getBalance, getTokenAccountsByOwner): the',
    'reconciliation goes to stderr, and the exit code is 0 when it holds, 7 when it does not.',
    '',
    'With --out <file>, rows are flushed to the file before <file>.checkpoint.json records them;',
    'after a crash, Ctrl-C or kill -9, the same command with --resume continues after the last',
    'recorded row. Progress goes to stderr (--quiet: none); stdout carries data only.',
  ].join('\n'),
  options: BOOKS_OPTIONS,
  examples: [
    {
      command: `confirmed-rpc books --out books.jsonl ${OWNER}`,
      does: 'the whole books, reconciled',
    },
    {
      command: `confirmed-rpc books --out books.jsonl --resume ${OWNER}`,
      does: 'continue them after a crash or Ctrl-C',
    },
    {
      command: `confirmed-rpc books --from 2025-01-01 --to 2025-12-31 --out 2025.jsonl ${OWNER}`,
      does: 'the rows of 2025',
    },
  ],
  run: async (args, io) => {
    const { runBooksCommand } = await import('./runBooksCommand')
    return runBooksCommand(args, io, readProcessHost())
  },
}
