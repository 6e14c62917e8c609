import bs58 from 'bs58'
import type { MethodContext } from '../actions/ActionClient'
import { describeValue, isConfirmedRpcError, ResponseShapeError } from '../errors/ConfirmedRpcError'
import { INVALID_PARAMS } from '../errors/JsonRpcErrorCode'
import { isPlainObject } from '../json/parseJson'
import type { Commitment, U64Mode } from '../schemas/common'
import { type Bookkeeper, NATIVE_MINT } from './createBookkeeper'
import type { BooksReconciliation, ReconciledAsset } from './types'

const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const
/** The token account layout (solana-program/token `state.rs`): mint, owner, amount, ..., is_native. */
const LAYOUT = { mint: 0, owner: 32, amount: 64, isNative: 109, length: 165 } as const

/** The owner's holdings as the chain reports them: a value per `account asset`. */
type ChainHoldings = Readonly<{
  slot: bigint
  values: ReadonlyMap<string, Readonly<{ asset: string; value: bigint }>>
}>

/** Where the holdings are read: the walk's slot, its commitment, the walk's signal. */
type HoldingsQuery = Readonly<{
  owner: string
  slot: bigint
  commitment: Commitment | undefined
  signal: AbortSignal | undefined
}>

function shapeError(method: string, path: string, expected: string, value: unknown) {
  const received = describeValue(value)
  return new ResponseShapeError({
    code: 'RESPONSE_SHAPE',
    details: [`Expected ${expected}, received ${received}.`],
    context: { method, path, expected, received },
  })
}

/** A u64 as the transport parsed it: a number, a bigint, or the digits of one above 2^53-1. */
function readU64(value: unknown, method: string, path: string): bigint {
  if (typeof value === 'bigint' && value >= 0n) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value)
  throw shapeError(method, path, 'a u64', value)
}

/** `{ context: { slot }, value }`, the envelope of both answers. */
function readContext(result: unknown, method: string): Readonly<{ slot: bigint; value: unknown }> {
  if (!isPlainObject(result) || !isPlainObject(result.context)) {
    throw shapeError(method, '$.context', 'an RpcResponse object', result)
  }
  return { slot: readU64(result.context.slot, method, '$.context.slot'), value: result.value }
}

function readLittleEndian(bytes: Uint8Array, offset: number): bigint {
  let value = 0n
  for (let i = 7; i >= 0; i--) value = (value << 8n) | BigInt(bytes[offset + i] ?? 0)
  return value
}

/** One listed token account: its lamports and, unless it is wrapped SOL, its mint's amount. */
function readTokenAccount(entry: unknown, owner: string, path: string) {
  const method = 'getTokenAccountsByOwner'
  const account = isPlainObject(entry) && isPlainObject(entry.account) ? entry.account : undefined
  const pubkey = isPlainObject(entry) ? entry.pubkey : undefined
  if (account === undefined || typeof pubkey !== 'string') {
    throw shapeError(method, path, 'an account with its pubkey', entry)
  }
  const data = Array.isArray(account.data) ? account.data[0] : undefined
  const bytes = typeof data === 'string' ? Buffer.from(data, 'base64') : undefined
  if (bytes === undefined || bytes.length < LAYOUT.length) {
    throw shapeError(method, `${path}.account.data`, 'a base64 token account', account.data)
  }
  if (bs58.encode(bytes.subarray(LAYOUT.owner, LAYOUT.owner + 32)) !== owner) {
    throw shapeError(method, `${path}.account.data`, `a token account of ${owner}`, data)
  }
  const native = bytes[LAYOUT.isNative] === 1
  return {
    pubkey,
    lamports: readU64(account.lamports, method, `${path}.account.lamports`),
    mint: native ? NATIVE_MINT : bs58.encode(bytes.subarray(LAYOUT.mint, LAYOUT.mint + 32)),
    amount: readLittleEndian(bytes, LAYOUT.amount),
  }
}

/**
 * The owner's holdings at or after `slot`: getBalance, and getTokenAccountsByOwner for each token
 * program (a node that does not know Token-2022 refuses it: none there), each pinned with
 * `minContextSlot`. Three requests; the slot is the highest the answers were read at.
 */
async function readHoldings(
  context: MethodContext<U64Mode>,
  query: HoldingsQuery,
): Promise<ChainHoldings> {
  const config = {
    minContextSlot: Number(query.slot),
    ...(query.commitment === undefined ? {} : { commitment: query.commitment }),
  }
  const options = query.signal === undefined ? {} : { signal: query.signal }
  const ask = (method: string, params: readonly unknown[]) =>
    context.transport({ method, params }, options).then((result) => readContext(result, method))
  const [balance, ...listings] = await Promise.all([
    ask('getBalance', [query.owner, config]),
    ...TOKEN_PROGRAMS.map((programId, index) =>
      ask('getTokenAccountsByOwner', [
        query.owner,
        { programId },
        { ...config, encoding: 'base64' },
      ]).catch((error: unknown) => {
        const unknownProgram =
          index > 0 &&
          isConfirmedRpcError(error, 'RPC_ERROR') &&
          error.context.rpcCode === INVALID_PARAMS &&
          error.context.rpcMessage.includes('unrecognized Token program id')
        if (unknownProgram) return undefined
        throw error
      }),
    ),
  ])
  const values = new Map<string, { asset: string; value: bigint }>()
  values.set(`${query.owner} SOL`, {
    asset: 'SOL',
    value: readU64(balance.value, 'getBalance', '$.value'),
  })
  let slot = balance.slot
  for (const listing of listings) {
    if (listing === undefined) continue
    if (listing.slot > slot) slot = listing.slot
    if (!Array.isArray(listing.value)) {
      throw shapeError('getTokenAccountsByOwner', '$.value', 'an array', listing.value)
    }
    for (const [i, entry] of listing.value.entries()) {
      const account = readTokenAccount(entry, query.owner, `$.value[${i}]`)
      values.set(`${account.pubkey} SOL`, { asset: 'SOL', value: account.lamports })
      if (account.mint !== NATIVE_MINT) {
        values.set(`${account.pubkey} ${account.mint}`, {
          asset: account.mint,
          value: account.amount,
        })
      }
    }
  }
  return { slot, values }
}

/**
 * The reconciliation of the rows with the chain: per asset the rows' sum, the chain's holdings,
 * and the opening they imply (`chain - later - rows`), checked against the opening the history
 * shows: each of the owner's balances before the oldest transaction walked, or, for a balance no
 * walked transaction moved, the chain's (it did not change). `ok` when every asset's agree.
 */
function reconcile(keeper: Bookkeeper, chain: ChainHoldings): BooksReconciliation {
  const assets = new Map<string, { rows: bigint; chain: bigint; later: bigint; shown: bigint }>()
  const at = (asset: string) => {
    let sums = assets.get(asset)
    if (sums === undefined) {
      sums = { rows: 0n, chain: 0n, later: 0n, shown: 0n }
      assets.set(asset, sums)
    }
    return sums
  }
  at('SOL')
  for (const [asset, total] of keeper.totals) {
    at(asset).rows += total.rows
    at(asset).later += total.later
  }
  for (const [key, { asset, value }] of chain.values) {
    at(asset).chain += value
    if (!keeper.opening.has(key)) at(asset).shown += value
  }
  for (const { asset, before } of keeper.opening.values()) at(asset).shown += before
  const order = [...assets.keys()].sort((a, b) =>
    a === 'SOL' ? -1 : b === 'SOL' ? 1 : a < b ? -1 : 1,
  )
  let ok = true
  const reconciled = order.map((asset): ReconciledAsset => {
    const sums = at(asset)
    const opening = sums.chain - sums.later - sums.rows
    if (opening !== sums.shown) ok = false
    return { asset, rows: sums.rows, chain: sums.chain, opening }
  })
  return { slot: chain.slot, ok, assets: reconciled }
}

/** Reads the owner's holdings from the chain and reconciles the books with them. @internal */
export async function reconcileBooks(
  context: MethodContext<U64Mode>,
  keeper: Bookkeeper,
  query: HoldingsQuery,
): Promise<BooksReconciliation> {
  return reconcile(keeper, await readHoldings(context, query))
}
