import type { Client } from '../../src/index'
import { describeOutcome } from './describeOutcome'
import { toComparableJson } from './toComparableJson'

/** Where the cases point, picked by the Node side from the ledger. */
export type CaseInputs = Readonly<{
  /** The busiest address. */
  address: string
  /** A successful legacy transaction. */
  legacy: string
  /** A legacy transaction whose `meta.err` is set. */
  failed: string
  /** A v0 transaction: the deprecated method refuses it with -32015. */
  v0: string
  /** A legacy transaction with a balance above 2^53-1. */
  huge: string
}>

/** The clients the cases call: one per u64 mode, and one given the unbound global `fetch`. */
export type CaseClients = Readonly<{
  numbers: Client<'number'>
  bigints: Client<'bigint'>
  nativeFetch: Client<'number'>
}>

// 64 zero bytes: a well-formed signature that no ledger holds.
const MISSING = '1'.repeat(64)

/**
 * Runs the same calls in Node (over the ledger's in-process transport) and in the browser (over
 * HTTP from the built package), and returns each outcome as comparable JSON by case name. The
 * two maps must be equal.
 */
export async function runTransactionCases(
  clients: CaseClients,
  sigs: CaseInputs,
): Promise<Record<string, string>> {
  const { numbers, bigints, nativeFetch } = clients
  const cases: ReadonlyArray<readonly [string, () => Promise<unknown>]> = [
    ['json, no config', () => numbers.getConfirmedTransaction(sigs.legacy)],
    [
      'json, config object',
      () => numbers.getConfirmedTransaction(sigs.legacy, { encoding: 'json' }),
    ],
    [
      'jsonParsed, config object',
      () =>
        numbers.getConfirmedTransaction(sigs.legacy, {
          encoding: 'jsonParsed',
          commitment: 'confirmed',
        }),
    ],
    [
      'base58, config object',
      () => numbers.getConfirmedTransaction(sigs.legacy, { encoding: 'base58' }),
    ],
    [
      'base64, config object',
      () => numbers.getConfirmedTransaction(sigs.legacy, { encoding: 'base64' }),
    ],
    ["bare 'json'", () => numbers.getConfirmedTransaction(sigs.legacy, 'json')],
    ["bare 'jsonParsed'", () => numbers.getConfirmedTransaction(sigs.legacy, 'jsonParsed')],
    ["bare 'base58'", () => numbers.getConfirmedTransaction(sigs.legacy, 'base58')],
    ["bare 'base64'", () => numbers.getConfirmedTransaction(sigs.legacy, 'base64')],
    ['failed transaction', () => numbers.getConfirmedTransaction(sigs.failed)],
    ['unknown signature is null', () => numbers.getConfirmedTransaction(MISSING)],
    ['v0 through the deprecated method (-32015)', () => numbers.getConfirmedTransaction(sigs.v0)],
    [
      'v0 through getTransaction, jsonParsed',
      () =>
        numbers.getTransaction(sigs.v0, {
          encoding: 'jsonParsed',
          maxSupportedTransactionVersion: 0,
        }),
    ],
    ["u64 'number' refuses a value above 2^53-1", () => numbers.getConfirmedTransaction(sigs.huge)],
    ["u64 'bigint', json", () => bigints.getConfirmedTransaction(sigs.huge)],
    ["u64 'bigint', jsonParsed", () => bigints.getConfirmedTransaction(sigs.huge, 'jsonParsed')],
    [
      "u64 'bigint', a page of signatures",
      () => bigints.getConfirmedSignaturesForAddress2(sigs.address, { limit: 5 }),
    ],
    ['invalid signature, before any request', () => numbers.getConfirmedTransaction('0OIl')],
    [
      'aborted call',
      () =>
        numbers.getConfirmedTransaction(sigs.legacy, {
          encoding: 'base64',
          signal: AbortSignal.abort(),
        }),
    ],
    ['unbound global fetch', () => nativeFetch.getConfirmedTransaction(sigs.legacy, 'base64')],
  ]
  const outcomes: Record<string, string> = {}
  for (const [name, call] of cases) outcomes[name] = toComparableJson(await describeOutcome(call))
  return outcomes
}
