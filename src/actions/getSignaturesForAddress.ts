import { ADDRESS, toBase58String } from '../params/readFields'
import { readWireConfig, type WireKey } from '../params/readWireConfig'
import type { Base58Input, Commitment, U64Mode } from '../schemas/common'
import { checkSignatureInfos } from '../schemas/generated/validators'
import { type DecodeContext, runValidator } from '../schemas/runtime/checks'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { ActionClient } from './ActionClient'
import { readActionClient } from './ActionClient'

/**
 * Checks a `getConfirmedSignaturesForAddress2` / `getSignaturesForAddress` result (an array of
 * signature infos) and converts its u64 fields to the mode: `bigint` gives exact bigints; `number`
 * gives numbers and throws `UNSAFE_INTEGER` (naming the path) for a value above 2^53-1 rather than
 * rounding it.
 *
 * The value is converted in place, and unknown fields are kept as sent. Throws only
 * `ResponseShapeError` (`RESPONSE_SHAPE` with the JSON path of the first mismatch, or
 * `UNSAFE_INTEGER`), whatever the value.
 */
export function decodeSignatureInfos<TMode extends U64Mode>(
  value: unknown,
  mode: TMode,
  context: DecodeContext,
): SignatureInfo<TMode>[] {
  runValidator(checkSignatureInfos, value, mode === 'bigint', context)
  return value as SignatureInfo<TMode>[]
}

/** Shared body of the deprecated and the replacement history calls. @internal */
async function requestSignatures<TMode extends U64Mode>(
  client: ActionClient<TMode>,
  method: string,
  wireKeys: readonly WireKey[],
  address: Base58Input,
  config: unknown,
): Promise<SignatureInfo<TMode>[]> {
  const context = readActionClient(client, method)
  const addr = toBase58String(address, ADDRESS, method, 'address')
  const { wire, signal } = readWireConfig(config, wireKeys, method)
  const params = wire === undefined ? [addr] : [addr, wire]
  const result = await context.transport({ method, params }, { signal })
  return decodeSignatureInfos(result, context.u64, {
    method,
    endpoint: context.endpoint,
    redact: context.redact,
  })
}

const REPLACEMENT = 'getSignaturesForAddress'
const REPLACEMENT_KEYS = ['before', 'until', 'limit', 'commitment', 'minContextSlot'] as const

/** Config of {@link getSignaturesForAddress}. */
export type GetSignaturesForAddressConfig = Readonly<{
  /**
   * Maximum number of signatures to return, 1..1000.
   * @default 1000
   */
  limit?: number | undefined
  /**
   * Start searching backwards from this transaction signature (exclusive).
   * @default undefined (the newest block at the commitment)
   */
  before?: Base58Input | undefined
  /**
   * Stop when this transaction signature is reached (exclusive).
   * @default undefined (search down to the oldest block the node has)
   */
  until?: Base58Input | undefined
  /**
   * Commitment of the blocks searched; `processed` is rejected before sending.
   * @default 'finalized' (the node's default)
   */
  commitment?: Commitment | undefined
  /**
   * The node answers -32016 unless it has reached this slot, so a lagging node cannot serve a
   * stale page.
   * @default undefined
   */
  minContextSlot?: number | bigint | undefined
  /**
   * Cancels the call, including its retries and backoff sleeps: it rejects with an `ABORTED`
   * `TransportError`. Never sent to the node.
   * @default undefined
   */
  signal?: AbortSignal | undefined
}>

/** Result of {@link getSignaturesForAddress}: newest first. */
export type GetSignaturesForAddressResult<TMode extends U64Mode = 'bigint'> = SignatureInfo<TMode>[]

/**
 * Calls `getSignaturesForAddress`, the replacement of `getConfirmedSignaturesForAddress2`: the same
 * search, plus `minContextSlot`. Agave 4.0 adds `transactionIndex` to each entry and answers
 * -32020 for an unknown `before`/`until`.
 *
 * @example
 * ```ts
 * import { createHttpTransport } from 'confirmed-rpc'
 * import { getSignaturesForAddress } from 'confirmed-rpc/actions'
 *
 * const client = { transport: createHttpTransport({ url: 'https://rpc.example.com' }) }
 * const page = await getSignaturesForAddress(client, 'Vote111111111111111111111111111111111111111', {
 *   limit: 10,
 *   commitment: 'confirmed',
 * })
 * console.log(page.map((info) => info.confirmationStatus))
 * ```
 */
export function getSignaturesForAddress<TMode extends U64Mode = 'bigint'>(
  client: ActionClient<TMode>,
  address: Base58Input,
  config?: GetSignaturesForAddressConfig | undefined,
): Promise<GetSignaturesForAddressResult<TMode>> {
  return requestSignatures(client, REPLACEMENT, REPLACEMENT_KEYS, address, config)
}

const DEPRECATED = 'getConfirmedSignaturesForAddress2'
const DEPRECATED_KEYS = ['before', 'until', 'limit', 'commitment'] as const

/** Config of {@link getConfirmedSignaturesForAddress2}. */
export type GetConfirmedSignaturesForAddress2Config = Readonly<{
  /**
   * Maximum number of signatures to return, 1..1000.
   * @default 1000
   */
  limit?: number | undefined
  /**
   * Start searching backwards from this transaction signature (exclusive). It need not involve
   * the address: it marks a position in the ledger.
   * @default undefined (the newest block at the commitment)
   */
  before?: Base58Input | undefined
  /**
   * Stop when this transaction signature is reached (exclusive).
   * @default undefined (search down to the oldest block the node has)
   */
  until?: Base58Input | undefined
  /**
   * Commitment of the blocks searched; `processed` is rejected before sending.
   * @default 'finalized' (the node's default)
   */
  commitment?: Commitment | undefined
  /**
   * Cancels the call, including its retries and backoff sleeps: it rejects with an `ABORTED`
   * `TransportError`. Never sent to the node.
   * @default undefined
   */
  signal?: AbortSignal | undefined
}>

/** Result of {@link getConfirmedSignaturesForAddress2}: newest first. */
export type GetConfirmedSignaturesForAddress2Result<TMode extends U64Mode = 'bigint'> =
  SignatureInfo<TMode>[]

/**
 * Calls the deprecated `getConfirmedSignaturesForAddress2`: signatures of confirmed transactions
 * that include `address` among their account keys, newest first. To walk a whole history, use
 * {@link signaturesForAddress}, which pages with `before` for you. Nodes from 2.0 on answer this
 * method with -32601: through a `createClient` result (or a transport wrapped by
 * `withMethodPolicy`) the call is then sent as `getSignaturesForAddress`.
 *
 * @deprecated Nodes from 2.0 on removed `getConfirmedSignaturesForAddress2`: call
 * {@link getSignaturesForAddress}, its replacement (the same search, plus `minContextSlot`).
 * @see https://solana.com/docs/rpc/deprecated/getconfirmedsignaturesforaddress2
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { getConfirmedSignaturesForAddress2 } from 'confirmed-rpc/actions'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const page = await getConfirmedSignaturesForAddress2(
 *   client,
 *   'Vote111111111111111111111111111111111111111',
 *   { limit: 100 },
 * )
 * for (const info of page) console.log(info.signature, info.slot, info.err === null)
 * ```
 */
export function getConfirmedSignaturesForAddress2<TMode extends U64Mode = 'bigint'>(
  client: ActionClient<TMode>,
  address: Base58Input,
  config?: GetConfirmedSignaturesForAddress2Config | undefined,
): Promise<GetConfirmedSignaturesForAddress2Result<TMode>> {
  return requestSignatures(client, DEPRECATED, DEPRECATED_KEYS, address, config)
}
