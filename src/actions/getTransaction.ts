import bs58 from 'bs58'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { INVALID_PARAMS, INVALID_REQUEST } from '../errors/JsonRpcErrorCode'
import { compactTransactionParams } from '../migrate/mappings'
import { checkEncoding, checkInteger, SIGNATURE, toBase58String } from '../params/readFields'
import { readTransactionConfig } from '../params/readWireConfig'
import type { ConfirmedTransaction } from '../schemas/ConfirmedTransaction'
import type { Base58Input, Commitment, TransactionEncoding, U64Mode } from '../schemas/common'
import {
  checkConfirmedTransactionBase58,
  checkConfirmedTransactionBase64,
  checkConfirmedTransactionBinary,
  checkConfirmedTransactionJson,
  checkConfirmedTransactionJsonParsed,
} from '../schemas/generated/validators'
import {
  type DecodeContext,
  runValidator,
  toResponseShapeError,
  type Validator,
} from '../schemas/runtime/checks'
import type { RpcTransportOptions } from '../transport/types'
import type { ActionClient, MethodContext } from './ActionClient'
import { readActionClient } from './ActionClient'

/**
 * The highest transaction version the decoders read: 1, the version Agave 4.2 produces on
 * mainnet (SIMD-0385). Every walk and internal lookup of this package asks for it, unless the
 * caller asked for less (the walk's own `maxSupportedTransactionVersion`, or the client's).
 *
 * @example
 * ```ts
 * import { createClient, MAX_DECODED_TRANSACTION_VERSION } from 'confirmed-rpc'
 *
 * const client = createClient({
 *   url: 'https://rpc.example.com',
 *   maxSupportedTransactionVersion: MAX_DECODED_TRANSACTION_VERSION,
 * })
 * const tx = await client.getTransaction(
 *   '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
 * )
 * console.log(tx?.version) // 'legacy', 0 or 1
 * ```
 */
export const MAX_DECODED_TRANSACTION_VERSION = 1

/**
 * The `maxSupportedTransactionVersion` a walk's lookups send: the walk's own, else the client's
 * (checked here, where a walk reads it: the calls never do), else
 * {@link MAX_DECODED_TRANSACTION_VERSION}. Sent explicitly every time, so a plain transport
 * (without the client's policy) reads v1 transactions too.
 * @internal
 */
export function lookupVersion(
  client: ActionClient<U64Mode>,
  own: number | undefined,
  method: string,
): number {
  const version = checkInteger(
    client.maxSupportedTransactionVersion,
    0,
    255,
    method,
    'client.maxSupportedTransactionVersion',
  )
  return own ?? version ?? MAX_DECODED_TRANSACTION_VERSION
}

const VALIDATORS: Readonly<Record<TransactionEncoding, Validator>> = {
  json: checkConfirmedTransactionJson,
  jsonParsed: checkConfirmedTransactionJsonParsed,
  base58: checkConfirmedTransactionBase58,
  base64: checkConfirmedTransactionBase64,
  binary: checkConfirmedTransactionBinary,
}

/**
 * Checks a `getConfirmedTransaction` / `getTransaction` result against the record schema of the
 * requested encoding and converts its u64 fields to the mode: `bigint` gives exact bigints;
 * `number` gives numbers and throws `UNSAFE_INTEGER` (naming the path) for a value above 2^53-1
 * rather than rounding it. `null` (not found, or not confirmed) passes through.
 *
 * The value is converted in place, and unknown fields are kept as sent. Throws only
 * `ResponseShapeError` (`RESPONSE_SHAPE` with the JSON path of the first mismatch, or
 * `UNSAFE_INTEGER`), whatever the value.
 */
export function decodeConfirmedTransaction<
  TEncoding extends TransactionEncoding,
  TMode extends U64Mode,
>(
  value: unknown,
  encoding: TEncoding,
  mode: TMode,
  context: DecodeContext,
): ConfirmedTransaction<TEncoding, TMode> | null {
  if (value === null) return null
  // Callers have checked it; an encoding of no record shape must still not pass unchecked.
  const validator = VALIDATORS[checkEncoding(encoding, context.method, 'encoding') ?? 'json']
  runValidator(validator, value, mode === 'bigint', context)
  return value as ConfirmedTransaction<TEncoding, TMode>
}

/** Matches the node's base58 size refusal (`Encoded binary (base 58) data should be less than ...`). */
const BASE58_REFUSAL = /base ?58/i

/**
 * Sends a transaction lookup and decodes its result. When a node refuses `base58` (or `binary`)
 * because the transaction is too large (the node's limit is 128 bytes of base58 output), fetches
 * `base64` instead and encodes base58 here, so the caller always gets the encoding they asked for.
 */
async function requestTransaction<TEncoding extends TransactionEncoding, TMode extends U64Mode>(
  context: MethodContext<TMode>,
  method: string,
  params: readonly unknown[],
  encoding: TEncoding,
  options: RpcTransportOptions,
): Promise<ConfirmedTransaction<TEncoding, TMode> | null> {
  const errorContext = { method, endpoint: context.endpoint, redact: context.redact }
  try {
    const result = await context.transport({ method, params }, options)
    return decodeConfirmedTransaction(result, encoding, context.u64, errorContext)
  } catch (error) {
    if ((encoding !== 'base58' && encoding !== 'binary') || !isBase58Refusal(error)) throw error
  }
  const base64Params = params.map((param, index) => {
    if (index !== 1) return param
    return typeof param === 'string' ? 'base64' : { ...(param as object), encoding: 'base64' }
  })
  const result = await context.transport({ method, params: base64Params }, options)
  const decoded = decodeConfirmedTransaction(result, 'base64', context.u64, errorContext)
  if (decoded === null) return null
  const [data] = decoded.transaction
  let bytes: Uint8Array
  try {
    bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0))
  } catch (error) {
    const found = { unsafe: false, expected: 'base64 data', value: data, path: ['transaction', 0] }
    throw toResponseShapeError(found, errorContext, error)
  }
  const text = bs58.encode(bytes)
  const transaction = encoding === 'binary' ? text : [text, 'base58']
  return { ...decoded, transaction } as unknown as ConfirmedTransaction<TEncoding, TMode>
}

function isBase58Refusal(error: unknown): boolean {
  return (
    isConfirmedRpcError(error, 'RPC_ERROR') &&
    (error.context.rpcCode === INVALID_REQUEST || error.context.rpcCode === INVALID_PARAMS) &&
    BASE58_REFUSAL.test(error.context.rpcMessage)
  )
}

const REPLACEMENT = 'getTransaction'
const REPLACEMENT_KEYS = ['encoding', 'commitment', 'maxSupportedTransactionVersion'] as const

/** Config object of {@link getTransaction}. */
export type GetTransactionConfig<TEncoding extends TransactionEncoding = TransactionEncoding> =
  Readonly<{
    /**
     * How `transaction` is returned: `json`, `jsonParsed`, `base58`, `base64` or `binary`.
     * @default 'json'
     */
    encoding?: TEncoding | undefined
    /**
     * Commitment the transaction must have reached; `processed` is rejected before sending.
     * @default 'finalized' (the node's default)
     */
    commitment?: Commitment | undefined
    /**
     * Highest transaction version the caller reads (0..255); the result then carries `version`.
     * Through a client built with its own `maxSupportedTransactionVersion`, that one applies
     * unless this is set. The decoders read up to {@link MAX_DECODED_TRANSACTION_VERSION} (1).
     * @default undefined (the client's; without one, legacy transactions only, as the method
     * means: the node refuses a v0 or v1 one with -32015, an `RPC_ERROR` that names this option)
     */
    maxSupportedTransactionVersion?: number | undefined
    /**
     * Cancels the call, including its retries and backoff sleeps: it rejects with an `ABORTED`
     * `TransportError`. Never sent to the node.
     * @default undefined
     */
    signal?: AbortSignal | undefined
  }>

/** Second parameter of {@link getTransaction}: a config object or a bare encoding. */
export type GetTransactionParams<TEncoding extends TransactionEncoding = TransactionEncoding> =
  | TEncoding
  | GetTransactionConfig<TEncoding>

/** Result of {@link getTransaction}: the record, or `null` when not found or not confirmed. */
export type GetTransactionResult<
  TEncoding extends TransactionEncoding = 'json',
  TMode extends U64Mode = 'bigint',
> = ConfirmedTransaction<TEncoding, TMode> | null

/**
 * Calls `getTransaction`, the replacement of `getConfirmedTransaction`: one confirmed transaction
 * by its signature, with versioned transactions when `maxSupportedTransactionVersion` is set.
 * The result's `transaction` follows the encoding; `json` without one.
 *
 * @see https://solana.com/docs/rpc/http/gettransaction
 * @example
 * ```ts
 * import { createHttpTransport } from 'confirmed-rpc'
 * import { getTransaction } from 'confirmed-rpc/actions'
 *
 * const client = { transport: createHttpTransport({ url: 'https://rpc.example.com' }), u64: 'bigint' as const }
 * const tx = await getTransaction(
 *   client,
 *   '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
 *   { encoding: 'base64', maxSupportedTransactionVersion: 0 },
 * )
 * if (tx !== null) console.log(tx.version, tx.meta?.fee) // fee is a bigint
 * ```
 */
export function getTransaction<TMode extends U64Mode = 'bigint'>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config?: GetTransactionConfig<never> | undefined,
): Promise<GetTransactionResult<'json', TMode>>
export function getTransaction<
  TEncoding extends TransactionEncoding,
  TMode extends U64Mode = 'bigint',
>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config: GetTransactionParams<TEncoding>,
): Promise<GetTransactionResult<TEncoding, TMode>>
export function getTransaction<TMode extends U64Mode = 'bigint'>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config?: GetTransactionParams | undefined,
): Promise<GetTransactionResult<TransactionEncoding, TMode>>
export async function getTransaction<TMode extends U64Mode>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config?: GetTransactionParams | undefined,
): Promise<GetTransactionResult<TransactionEncoding, TMode>> {
  const context = readActionClient(client, REPLACEMENT)
  const sig = toBase58String(signature, SIGNATURE, REPLACEMENT, 'signature')
  const read = readTransactionConfig(config, REPLACEMENT_KEYS, REPLACEMENT)
  const params = read.param === undefined ? [sig] : [sig, read.param]
  return requestTransaction(context, REPLACEMENT, params, read.encoding ?? 'json', {
    signal: read.signal,
  })
}

const DEPRECATED = 'getConfirmedTransaction'

/** Config object of {@link getConfirmedTransaction}. */
export type GetConfirmedTransactionConfig<
  TEncoding extends TransactionEncoding = TransactionEncoding,
> = Readonly<{
  /**
   * How `transaction` is returned: `json` (raw message), `jsonParsed` (instructions parsed where the
   * node has a parser), `base58` or `base64` (`[data, encoding]`), `binary` (a plain base58
   * string; the oldest nodes' form).
   * @default 'json'
   */
  encoding?: TEncoding | undefined
  /**
   * Commitment the transaction must have reached; `processed` is rejected before sending.
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

/** Second parameter of {@link getConfirmedTransaction}: a config object or a bare encoding. */
export type GetConfirmedTransactionParams<
  TEncoding extends TransactionEncoding = TransactionEncoding,
> = TEncoding | GetConfirmedTransactionConfig<TEncoding>

/** Result of {@link getConfirmedTransaction}: the record, or `null` when not found or not confirmed. */
export type GetConfirmedTransactionResult<
  TEncoding extends TransactionEncoding = 'json',
  TMode extends U64Mode = 'bigint',
> = ConfirmedTransaction<TEncoding, TMode> | null

/**
 * Calls the deprecated `getConfirmedTransaction`: one confirmed transaction by its signature. The
 * result's `transaction` follows the encoding (config object or bare string); `json` without one.
 *
 * The signature and config are checked before anything is sent. A config of only an encoding
 * goes as the bare encoding string, which every release reads (1.3 reads nothing else). A
 * `base58` request the node refuses for size is fetched as `base64` and re-encoded here. Nodes
 * from 2.0 on answer this method with -32601: through a `createClient` result (or a transport
 * wrapped by `withMethodPolicy`) the call is then sent as `getTransaction`.
 *
 * @deprecated Nodes from 2.0 on removed `getConfirmedTransaction`: call {@link getTransaction},
 * its replacement, which also reads versioned transactions (`maxSupportedTransactionVersion`).
 * @see https://solana.com/docs/rpc/deprecated/getconfirmedtransaction
 * @example
 * ```ts
 * import { createHttpTransport } from 'confirmed-rpc'
 * import { getConfirmedTransaction } from 'confirmed-rpc/actions'
 *
 * const client = { transport: createHttpTransport({ url: 'https://rpc.example.com' }) }
 * const tx = await getConfirmedTransaction(
 *   client,
 *   '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
 *   { encoding: 'jsonParsed', commitment: 'confirmed', signal: AbortSignal.timeout(5_000) },
 * )
 * if (tx !== null) console.log(tx.slot, tx.meta?.err == null ? 'ok' : 'failed')
 * ```
 */
export function getConfirmedTransaction<TMode extends U64Mode = 'bigint'>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config?: GetConfirmedTransactionConfig<never> | undefined,
): Promise<GetConfirmedTransactionResult<'json', TMode>>
/** @deprecated Nodes from 2.0 on removed `getConfirmedTransaction`: call {@link getTransaction}. */
export function getConfirmedTransaction<
  TEncoding extends TransactionEncoding,
  TMode extends U64Mode = 'bigint',
>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config: GetConfirmedTransactionParams<TEncoding>,
): Promise<GetConfirmedTransactionResult<TEncoding, TMode>>
/** @deprecated Nodes from 2.0 on removed `getConfirmedTransaction`: call {@link getTransaction}. */
export function getConfirmedTransaction<TMode extends U64Mode = 'bigint'>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config?: GetConfirmedTransactionParams | undefined,
): Promise<GetConfirmedTransactionResult<TransactionEncoding, TMode>>
export async function getConfirmedTransaction<TMode extends U64Mode>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config?: GetConfirmedTransactionParams | undefined,
): Promise<GetConfirmedTransactionResult<TransactionEncoding, TMode>> {
  const context = readActionClient(client, DEPRECATED)
  const sig = toBase58String(signature, SIGNATURE, DEPRECATED, 'signature')
  const read = readTransactionConfig(config, ['encoding', 'commitment'], DEPRECATED)
  const params = compactTransactionParams(read.param === undefined ? [sig] : [sig, read.param])
  return requestTransaction(context, DEPRECATED, params, read.encoding ?? 'json', {
    signal: read.signal,
  })
}
