import bs58 from 'bs58'
import type { MethodContext } from '../actions/ActionClient'
import { MAX_DECODED_TRANSACTION_VERSION } from '../actions/getTransaction'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { isPlainObject } from '../json/parseJson'
import type { Commitment, U64Mode } from '../schemas/common'
import { toResponseShapeError } from '../schemas/runtime/checks'
import { isMethodRefused } from '../transport/response'

/** What a walk asks of blocks to cut its history into ranges. @internal */
export type BlockReader = Readonly<{
  /**
   * `false` once the node answered a block method with a JSON-RPC error other than a missing
   * block (-32601 on a node without it, -32602 on one that reads no `transactionDetails`): no
   * boundary can be found there, and nothing more is asked.
   */
  usable(): boolean
  /** Slots of the produced blocks in `[from, to]`, ascending. */
  blocks(from: bigint, to: bigint): Promise<bigint[]>
  /** A transaction signature of the block at `slot`; `undefined` for a block without any. */
  firstSignature(slot: bigint): Promise<string | undefined>
  /**
   * The first signature of each transaction of the block at `slot`, in block order; empty for a
   * block without any, or one the node cannot give.
   */
  signatures(slot: bigint): Promise<string[]>
}>

// A block the node cannot give (skipped, cleaned up, not yet available, its status unknown):
// the search moves on to the next block, as it does for an empty one.
const NO_BLOCK: ReadonlySet<number> = new Set([-32001, -32004, -32007, -32009, -32014])

/**
 * Reads blocks under their current names (`getBlocks`, `getBlock`, from 1.7) or, on a node that
 * answers those with -32601, the names releases before 1.7 knew (`getConfirmedBlocks`,
 * `getConfirmedBlock`). A `getBlock` asks for the signatures alone, without rewards. `signal`
 * gives each request its own signal.
 * @internal
 */
export function createBlockReader(
  context: MethodContext<U64Mode>,
  commitment: Commitment | undefined,
  signal: () => AbortSignal,
): BlockReader {
  let confirmedNames = false
  let usable = true
  const call = async (method: string, params: readonly unknown[]): Promise<unknown> => {
    const name = confirmedNames ? method.replace('get', 'getConfirmed') : method
    try {
      return await context.transport({ method: name, params }, { signal: signal() })
    } catch (error) {
      if (isMethodRefused(error) && !confirmedNames) {
        confirmedNames = true
        return call(method, params)
      }
      if (isConfirmedRpcError(error, 'RPC_ERROR') && !NO_BLOCK.has(error.context.rpcCode)) {
        usable = false
      }
      throw error
    }
  }
  const config = commitment === undefined ? [] : [{ commitment }]
  const shapeError = (
    method: string,
    expected: string,
    value: unknown,
    path: (string | number)[],
  ) => toResponseShapeError({ unsafe: false, expected, value, path }, { ...context, method })

  /** The first `count` transaction signatures of the block at `slot`, in block order. */
  const signatures = async (slot: bigint, count: number): Promise<string[]> => {
    let block: unknown
    try {
      block = await call('getBlock', [
        Number(slot),
        {
          encoding: 'json',
          transactionDetails: 'signatures',
          rewards: false,
          // Signatures carry no version check; a node too old to read `transactionDetails`
          // sends whole transactions, which must not fail the block on a v1 one.
          maxSupportedTransactionVersion: MAX_DECODED_TRANSACTION_VERSION,
          ...config[0],
        },
      ])
    } catch (error) {
      if (isConfirmedRpcError(error, 'RPC_ERROR') && NO_BLOCK.has(error.context.rpcCode)) return []
      throw error
    }
    if (block === null) return []
    if (!isPlainObject(block)) throw shapeError('getBlock', 'object', block, [])
    // A node that does not know `transactionDetails` sends the whole transactions.
    const { signatures: listed, transactions } = block as {
      signatures?: unknown
      transactions?: unknown
    }
    let firsts: unknown[]
    if (Array.isArray(listed)) firsts = listed.slice(0, count)
    else if (Array.isArray(transactions)) {
      const heads = transactions.slice(0, count) as { transaction?: { signatures?: unknown[] } }[]
      firsts = heads.map((head) => head?.transaction?.signatures?.[0])
    } else throw shapeError('getBlock', 'signatures or transactions', block, [])
    for (const [index, first] of firsts.entries()) {
      if (typeof first !== 'string' || bs58.decodeUnsafe(first)?.length !== 64) {
        throw shapeError('getBlock', 'a base58 signature of 64 bytes', first, ['signatures', index])
      }
    }
    return firsts as string[]
  }

  return {
    usable: () => usable,
    async blocks(from, to) {
      const slots = await call('getBlocks', [Number(from), Number(to), ...config])
      if (!Array.isArray(slots)) throw shapeError('getBlocks', 'array', slots, [])
      return slots.map((slot, index) => readSlot(slot, context, 'getBlocks', [index]))
    },
    async firstSignature(slot) {
      return (await signatures(slot, 1))[0]
    },
    signatures: (slot) => signatures(slot, Number.POSITIVE_INFINITY),
  }
}

/**
 * Reads a slot the node sent: a u64, as a number or (above 2^53-1, as `parseJson` keeps it) a
 * digit string. Anything else is the node's fault: a `ResponseShapeError` naming `path`.
 * @internal
 */
function readSlot(
  value: unknown,
  context: MethodContext<U64Mode>,
  method: string,
  path: readonly (string | number)[],
): bigint {
  if (Number.isSafeInteger(value) && (value as number) >= 0) return BigInt(value as number)
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value)
  throw toResponseShapeError(
    { unsafe: false, expected: 'u64', value, path: [...path] },
    { ...context, method },
  )
}

/**
 * A slot the node reports on its own: `getSlot` (its newest slot at a commitment) or
 * `getFirstAvailableBlock` (the oldest it still has). @internal
 */
export async function requestSlot(
  context: MethodContext<U64Mode>,
  method: 'getSlot' | 'getFirstAvailableBlock',
  params: readonly unknown[],
  signal: AbortSignal,
): Promise<bigint> {
  return readSlot(await context.transport({ method, params }, { signal }), context, method, [])
}
