import type { CaseInputs } from './runTransactionCases'

/** What the page reads from `/config.json`: where the node is and what it must find there. */
export type PageConfig = Readonly<{
  /** The mock ledger's HTTP endpoint: another origin than the page's, so CORS applies. */
  rpcUrl: string
  inputs: CaseInputs
  /** Comparable JSON of `ledger.signatures(address)` through `pickHistoryFields`. */
  history: string
  /** How many entries `history` holds. */
  historyLength: number
  /** Outcome of each transaction case in Node, by case name (see runTransactionCases). */
  expected: Readonly<Record<string, string>>
}>

/** One check the page made. */
export type PageCheck = Readonly<{ name: string; ok: boolean; detail?: string | undefined }>

/** What the page writes into `#report` when it is done. */
export type PageReport = Readonly<{
  userAgent: string
  checks: readonly PageCheck[]
  /** `securitypolicyviolation` events seen by the page. */
  violations: readonly string[]
}>
