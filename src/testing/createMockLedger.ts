import { parseJson } from '../json/parseJson'
import type { RpcTransport } from '../transport/RpcTransport'
import { readRpcResponse } from '../transport/readRpcResponse'
import { abortedError, BODY_NOT_JSON, malformedError } from '../transport/transportErrors'
import { buildLedgerState } from './ledger/buildLedgerState'
import type {
  LedgerProfile,
  LedgerState,
  LedgerTransaction,
  TransactionErrorJson,
} from './ledger/LedgerState'
import { blockTimeFor } from './rpc/blockTimeFor'
import { createRpcContext } from './rpc/createRpcContext'
import { encodeTransactionError } from './rpc/encodeTransactionError'
import { handleRpcBody } from './rpc/handleRpcBody'
import { handleRpcText } from './rpc/handleRpcText'
import type { JsonOut } from './rpc/JsonOut'
import { profileRules } from './rpc/profileRules'
import { toPlainJson } from './rpc/toPlainJson'
import { writeJson } from './rpc/writeJson'

/** Options of {@link createMockLedger}. */
export type CreateMockLedgerOptions = Readonly<{
  /**
   * Seed of the generated ledger: the same seed (and `transactions`) gives the same ledger,
   * signatures included.
   * @default 1
   */
  seed?: number | undefined
  /**
   * Which node release to imitate. `'v1.18'` serves the deprecated methods, accepts the legacy
   * commitment levels, answers an unknown `before` with `[]` and ignores an unknown `until`.
   * `'v2'` (Agave 2.0-2.2) answers the deprecated methods with -32601 `Method not found`.
   * `'v4'` (Agave 4.x) also answers an unknown `before`/`until` with -32020
   * `Transaction <signature> not found`, adds `transactionIndex` to results, reports top-level
   * `stackHeight: 1` and writes `costUnits`.
   * @default 'v1.18'
   */
  profile?: LedgerProfile | undefined
  /**
   * How many transactions to generate.
   * @default the generator's default (the busiest address then spans several 1,000-entry pages)
   */
  transactions?: number | undefined
  /**
   * Enforce the specification's base58 limit: a `base58` (or legacy `binary`) request for a
   * transaction of more than 128 bytes gets -32600 `Encoded binary (base 58) data should be less
   * than 128 bytes, please use Base64 encoding.`, as SPEC §8 has it. With `false` the ledger
   * encodes any size, as Agave does (its 128-byte check applies to account data only).
   * @default true
   */
  base58Limit?: boolean | undefined
  /**
   * A ledger to serve as it is, instead of generating one (`seed` and `transactions` are then
   * not used): hand-made fixtures for table-driven tests.
   * @default undefined
   */
  state?: LedgerState | undefined
}>

/** Options of {@link MockLedger.signatures}. */
export type MockLedgerSignaturesOptions = Readonly<{
  /**
   * Which frontier bounds the history: `finalized` leaves out transactions in slots that are
   * only confirmed.
   * @default 'finalized'
   */
  commitment?: 'confirmed' | 'finalized' | undefined
}>

/** Options of {@link MockLedger.handleText}. */
export type MockLedgerHandleTextOptions = Readonly<{
  /**
   * Answer as a node this many slots behind: every frontier moves back, so newer transactions
   * are missing (the stale-node fault of `serveMockLedger`).
   * @default 0
   */
  lagSlots?: number | undefined
}>

/** One entry of {@link MockLedger.signatures}: what getSignaturesForAddress reports for it. */
export type MockSignatureInfo = Readonly<{
  signature: string
  slot: number
  err: TransactionErrorJson | null
  memo: string | null
  blockTime: number | null
  confirmationStatus: 'confirmed' | 'finalized'
  /** Position in the block; with the `'v4'` profile only, as on the node. */
  transactionIndex?: number | undefined
}>

/** An in-memory ledger node; see {@link createMockLedger}. */
export type MockLedger = Readonly<{
  /** The node release this ledger imitates. */
  profile: LedgerProfile
  /** The ledger model it answers from. */
  state: LedgerState
  /**
   * An in-process `RpcTransport`: the request is serialized, answered and parsed back exactly as
   * over HTTP (lossless JSON, `readRpcResponse`), so results and errors are those a client gets
   * from `serveMockLedger`. Honours `signal`.
   */
  transport: RpcTransport
  /**
   * Answers a JSON-RPC request object or batch array with the response object or array (or
   * undefined when only notifications were sent). u64 values above 2^53-1 come back as
   * `bigint`, all other numbers as numbers.
   */
  handle(body: unknown): unknown
  /**
   * Answers a request body given as text with the response text: -32700 `Parse error` for text
   * that is not JSON, `''` when only notifications were sent. What the servers use.
   */
  handleText(text: string, options?: MockLedgerHandleTextOptions): string
  /** Addresses that have history, busiest first. */
  addresses(): readonly string[]
  /**
   * The address's full history, newest first (slot, then position in the block), as
   * getSignaturesForAddress would page through it at `commitment`: the oracle for tests.
   */
  signatures(address: string, options?: MockLedgerSignaturesOptions): readonly MockSignatureInfo[]
  /** A transaction of the ledger by its (first) signature, whatever its commitment. */
  transaction(signature: string): LedgerTransaction | undefined
}>

/**
 * Creates an in-memory ledger node that answers getConfirmedTransaction,
 * getConfirmedSignaturesForAddress2, getTransaction and getSignaturesForAddress with the node's
 * semantics: parameter checks and error texts, commitment frontiers, ordering, exclusive
 * `before`/`until` cursors, encodings and jsonParsed parsers. Serve it over HTTP with
 * `serveMockLedger`, or through msw with `mockLedgerHandlers`.
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { createMockLedger } from 'confirmed-rpc/testing'
 *
 * const ledger = createMockLedger({ seed: 7, profile: 'v1.18' })
 * const client = createClient({ transport: ledger.transport })
 * const [busiest = ''] = ledger.addresses()
 * const page = await client.getConfirmedSignaturesForAddress2(busiest, { limit: 10 })
 * console.log(page.length === 10, ledger.signatures(busiest).length)
 * ```
 */
export function createMockLedger(options: CreateMockLedgerOptions = {}): MockLedger {
  const { seed = 1, profile = 'v1.18', transactions, base58Limit = true } = options
  const state =
    options.state ??
    buildLedgerState({ seed, ...(transactions === undefined ? {} : { transactions }) })
  const rules = profileRules(profile)
  const baseContext = createRpcContext(state, rules, base58Limit)
  let nextId = 1

  const handleText = (text: string, handleOptions?: MockLedgerHandleTextOptions): string => {
    const lagSlots = handleOptions?.lagSlots ?? 0
    const ctx = lagSlots > 0 ? createRpcContext(state, rules, base58Limit, lagSlots) : baseContext
    return handleRpcText(ctx, text)
  }

  const transport: RpcTransport = async (request, transportOptions) => {
    const signal = transportOptions?.signal
    const context = { method: request.method }
    if (signal?.aborted) throw abortedError(signal.reason, context)
    const id = nextId++
    const text = handleText(
      writeJson({
        jsonrpc: '2.0',
        id,
        method: request.method,
        params: request.params as readonly JsonOut[],
      }),
    )
    // Yield once, as a network call would, so that an abort issued right after the call counts.
    await Promise.resolve()
    if (signal?.aborted) throw abortedError(signal.reason, context)
    let body: unknown
    try {
      body = parseJson(text)
    } catch {
      throw malformedError(BODY_NOT_JSON, context, text.slice(0, 200))
    }
    return readRpcResponse(body, id, context)
  }

  return {
    profile,
    state,
    transport,
    handle: (body) => {
      const response = handleRpcBody(baseContext, body)
      return response === undefined ? undefined : toPlainJson(response)
    },
    handleText,
    addresses: () => state.addresses,
    signatures: (address, signaturesOptions) => {
      const commitment = signaturesOptions?.commitment ?? 'finalized'
      const highest =
        commitment === 'confirmed' ? state.frontiers.confirmed : state.frontiers.finalized
      const history = state.byAddress.get(address) ?? []
      const out: MockSignatureInfo[] = []
      for (let i = history.length - 1; i >= 0; i--) {
        const tx = history[i] as LedgerTransaction
        if (tx.slot > highest) continue
        if (tx.slot < state.firstAvailableSlot) break
        out.push({
          signature: tx.signature,
          slot: tx.slot,
          err: encodeTransactionError(tx.meta.err, rules) as TransactionErrorJson | null,
          memo: tx.memo,
          blockTime: blockTimeFor(baseContext, tx.slot, commitment),
          confirmationStatus: tx.slot <= state.frontiers.finalized ? 'finalized' : 'confirmed',
          ...(rules.transactionIndex ? { transactionIndex: tx.indexInBlock } : {}),
        })
      }
      return out
    },
    transaction: (signature) => state.bySignature.get(signature),
  }
}
