import type { Commitment, TransactionEncoding } from '../../schemas/common'

/**
 * What an export asks for: everything that decides the bytes of its output. The checkpoint file
 * records it, and `--resume` refuses a command line whose query differs. (`--page-size`,
 * `--parallel`, `--rpc` and `--requests-per-second` change how, not what: they may differ.)
 */
export type HistoryQuery = Readonly<{
  address: string
  format: 'jsonl' | 'csv'
  /** `--transactions`: each entry with its transaction, in `encoding`. */
  transactions: boolean
  encoding?: TransactionEncoding | undefined
  before?: string | undefined
  until?: string | undefined
  limit?: number | undefined
  order: 'newest' | 'oldest'
  commitment?: Commitment | undefined
  /** `--wallet`: `address` is a wallet whose whole history (`walletHistory`) is exported. */
  wallet?: boolean | undefined
}>
