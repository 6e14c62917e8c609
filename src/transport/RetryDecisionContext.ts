import type { ConfirmedRpcError } from '../errors/ConfirmedRpcError'

/** What a `shouldRetry` hook is asked about. */
export type RetryDecisionContext = Readonly<{
  /** The error of the attempt that just failed. */
  error: ConfirmedRpcError
  /** Number of that attempt, from 1. */
  attempt: number
}>
