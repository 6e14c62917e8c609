import bs58 from 'bs58'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { INVALID_PARAMS, INVALID_REQUEST } from '../errors/JsonRpcErrorCode'
import type { ConfirmedTransaction } from '../schemas/ConfirmedTransaction'
import type { TransactionEncoding, U64Mode } from '../schemas/common'
import { decodeConfirmedTransaction } from '../schemas/decodeConfirmedTransaction'
import { toResponseShapeError } from '../schemas/runtime/toResponseShapeError'
import type { RpcTransportOptions } from '../transport/types'
import type { MethodContext } from './MethodContext'

/** Matches the node's base58 size refusal (`Encoded binary (base 58) data should be less than ...`). */
const BASE58_REFUSAL = /base ?58/i

/**
 * Sends a transaction lookup and decodes its result. When a node refuses `base58` (or `binary`)
 * because the transaction is too large (the node's limit is 128 bytes of base58 output), fetches
 * `base64` instead and encodes base58 here, so the caller always gets the encoding they asked for.
 */
export async function requestTransaction<
  TEncoding extends TransactionEncoding,
  TMode extends U64Mode,
>(
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
