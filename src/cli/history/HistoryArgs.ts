import type { HistoryQuery } from './HistoryQuery'

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
  resume: boolean
  quiet: boolean
  demo: boolean
}>
