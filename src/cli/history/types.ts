import type { Commitment, TransactionEncoding } from '../../index'
import type { ExportEntry } from './formatEntries'

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

/** The checked command line of `confirmed-rpc history`. */
export type HistoryArgs = Readonly<{
  /** The query; its address is `undefined` with `--demo` and no address (the busiest one). */
  query: Omit<HistoryQuery, 'address'> & Readonly<{ address: string | undefined }>
  /** `--rpc` (or `RPC_URL`); empty with `--demo`. */
  urls: readonly string[]
  /** `--out`, resolved against the working directory; `undefined` for stdout. */
  out: string | undefined
  /** `--out` as the user typed it: how messages name the file. */
  outAsGiven: string | undefined
  pageSize: number | undefined
  parallel: number | undefined
  requestsPerSecond: number | undefined
  /** `--timeout`: the time limit of each attempt, in milliseconds; the transport's default when absent. */
  timeoutMs: number | undefined
  resume: boolean
  quiet: boolean
  demo: boolean
}>

/** One exported entry: the signature info, and with `--transactions` its transaction. */
export type HistoryEntry = ExportEntry
