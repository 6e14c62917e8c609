import type { CliOption } from '../command/types'

// The options alone, imported by the command's definition at start-up: nothing here may import
// the package, so that the program starts without loading the library (see runBooksCommand.ts
// for the body, loaded when the command runs).

const OWNER = '<owner>'

/** The options of `confirmed-rpc books`. */
export const BOOKS_OPTIONS = {
  rpc: {
    type: 'string',
    valueName: 'url',
    description: 'JSON-RPC endpoint (default: the RPC_URL variable)',
    example: `confirmed-rpc books --rpc https://rpc.example.com --out books.jsonl ${OWNER}`,
  },
  out: {
    type: 'string',
    short: 'o',
    valueName: 'file',
    description:
      'write to this file, with a checkpoint beside it (<file>.checkpoint.json); default stdout',
    example: `confirmed-rpc books --out books.jsonl ${OWNER}`,
  },
  format: {
    type: 'string',
    valueName: 'name',
    description:
      'rows (default: one JSON object per row, amounts as decimal strings), koinly, ' +
      "cointracker, coinledger or awaken (each tool's CSV)",
    example: `confirmed-rpc books --format koinly --out books.csv ${OWNER}`,
  },
  assets: {
    type: 'string',
    valueName: 'map.json',
    description:
      'tickers of mints for the tax formats ({ "<mint>": "<ticker>" }), over the built-in list',
    example: `confirmed-rpc books --format koinly --assets tickers.json --out books.csv ${OWNER}`,
  },
  from: {
    type: 'string',
    valueName: 'date',
    description: 'rows from this UTC date (2025-01-01) or ISO time on; the walk stops before it',
    example: `confirmed-rpc books --from 2025-01-01 --out 2025.jsonl ${OWNER}`,
  },
  to: {
    type: 'string',
    valueName: 'date',
    description: 'rows up to this UTC date (its whole day) or ISO time; newer ones still reconcile',
    example: `confirmed-rpc books --from 2025-01-01 --to 2025-12-31 --out 2025.jsonl ${OWNER}`,
  },
  resume: {
    type: 'boolean',
    description:
      'continue the export in --out from its checkpoint (same command line, plus --resume)',
    example: `confirmed-rpc books --out books.jsonl --resume ${OWNER}`,
  },
  quiet: {
    type: 'boolean',
    short: 'q',
    description: 'no progress on stderr (the reconciliation and errors are still printed)',
    example: `confirmed-rpc books --quiet --out books.jsonl ${OWNER}`,
  },
} as const satisfies Readonly<Record<string, CliOption>>
