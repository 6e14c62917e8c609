import type { CliOption } from '../command/types'

// The examples' address: a placeholder keeps each example on one line of the help.
const ADDRESS = '<address>'

/** The options of `confirmed-rpc history` (its `--help` and its argument parsing read them). */
export const HISTORY_OPTIONS = {
  rpc: {
    type: 'string',
    valueName: 'url',
    description:
      'JSON-RPC endpoint; repeat it to fail over between several (default: the RPC_URL variable)',
    example: `confirmed-rpc history --rpc https://a.example --rpc https://b.example ${ADDRESS}`,
  },
  wallet: {
    type: 'string',
    valueName: 'owner',
    description:
      "export a wallet's whole history instead: the owner and every token account it owns or owned, with a sources column",
    example: `confirmed-rpc history --wallet ${ADDRESS} --out wallet.jsonl`,
  },
  out: {
    type: 'string',
    short: 'o',
    valueName: 'file',
    description:
      'write to this file, with a checkpoint beside it (<file>.checkpoint.json); default stdout',
    example: `confirmed-rpc history --out vote.jsonl ${ADDRESS}`,
  },
  format: {
    type: 'string',
    valueName: 'jsonl|csv',
    description:
      'jsonl (default): one JSON object per entry; csv: a header row, then one row per entry',
    example: `confirmed-rpc history --format csv --out vote.csv ${ADDRESS}`,
  },
  transactions: {
    type: 'boolean',
    description: 'each entry with its full transaction (getTransaction, v0 and v1 included)',
    example: `confirmed-rpc history --transactions --limit 100 ${ADDRESS}`,
  },
  encoding: {
    type: 'string',
    valueName: 'json|jsonParsed|base64|base58',
    description: 'encoding of the transactions with --transactions (default json)',
    example: `confirmed-rpc history --transactions --encoding base64 ${ADDRESS}`,
  },
  limit: {
    type: 'string',
    valueName: 'n',
    description: 'most entries to export in all (default: the whole history)',
    example: `confirmed-rpc history --limit 5000 ${ADDRESS}`,
  },
  before: {
    type: 'string',
    valueName: 'signature',
    description: 'start with the entries older than this signature (exclusive)',
    example: `confirmed-rpc history --before <signature> ${ADDRESS}`,
  },
  until: {
    type: 'string',
    valueName: 'signature',
    description: 'stop at this signature (exclusive)',
    example: `confirmed-rpc history --until <signature> ${ADDRESS}`,
  },
  'page-size': {
    type: 'string',
    valueName: 'n',
    description: 'entries per request, 1 to 1000 (default 1000); also entries per checkpoint',
    example: `confirmed-rpc history --page-size 250 ${ADDRESS}`,
  },
  parallel: {
    type: 'string',
    valueName: 'n',
    description: 'slot ranges walked at once, 1 to 64 (default 1); the output order is the same',
    example: `confirmed-rpc history --parallel 8 --requests-per-second 40 ${ADDRESS}`,
  },
  order: {
    type: 'string',
    valueName: 'newest|oldest',
    description: 'newest entry first (default) or oldest first',
    example: `confirmed-rpc history --order oldest ${ADDRESS}`,
  },
  commitment: {
    type: 'string',
    valueName: 'confirmed|finalized',
    description: "commitment of the blocks read (default: the node's, finalized)",
    example: `confirmed-rpc history --commitment confirmed ${ADDRESS}`,
  },
  'requests-per-second': {
    type: 'string',
    valueName: 'n',
    description: 'client-side request budget per endpoint (default: none)',
    example: `confirmed-rpc history --requests-per-second 10 ${ADDRESS}`,
  },
  timeout: {
    type: 'string',
    valueName: 'ms',
    description:
      'time limit of each request attempt, in milliseconds (default 30000); an attempt that runs out is retried',
    example: `confirmed-rpc history --timeout 5000 ${ADDRESS}`,
  },
  resume: {
    type: 'boolean',
    description:
      'continue the export in --out from its checkpoint (same command line, plus --resume)',
    example: `confirmed-rpc history --out vote.jsonl --resume ${ADDRESS}`,
  },
  quiet: {
    type: 'boolean',
    short: 'q',
    description: 'no progress and no retry lines on stderr (errors are still printed)',
    example: `confirmed-rpc history --quiet --out vote.jsonl ${ADDRESS}`,
  },
  demo: {
    type: 'boolean',
    description:
      'walk an embedded mock ledger (its busiest address unless one is given); no network',
    example: 'confirmed-rpc history --demo --format csv',
  },
} as const satisfies Readonly<Record<string, CliOption>>
