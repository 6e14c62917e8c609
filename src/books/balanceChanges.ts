import { describeValue, ResponseShapeError } from '../errors/ConfirmedRpcError'
import type { ConfirmedTransaction } from '../schemas/ConfirmedTransaction'
import type { U64Mode } from '../schemas/common'
import type { TokenBalance } from '../schemas/TokenBalance'
import type { BalanceChange } from './types'

/**
 * A record `balanceChanges` reads: `json` or `jsonParsed`, u64 fields in either mode.
 *
 * @example
 * ```ts
 * import type { BalanceRecord, ConfirmedTransaction } from 'confirmed-rpc'
 *
 * const read = (tx: ConfirmedTransaction<'jsonParsed', 'number'>): BalanceRecord => tx
 * ```
 */
export type BalanceRecord =
  | ConfirmedTransaction<'json', U64Mode>
  | ConfirmedTransaction<'jsonParsed', U64Mode>

/**
 * Who paid a transaction's fee, and how much: the fee payer is the first account key, and the
 * fee is charged whether the transaction succeeds or fails.
 *
 * @example
 * ```ts
 * import type { TransactionFee } from 'confirmed-rpc'
 *
 * const fee: TransactionFee = { payer: 'Vote111111111111111111111111111111111111111', fee: 5_000n }
 * ```
 */
export type TransactionFee = Readonly<{
  /** The fee payer (the first account key), base58. */
  payer: string
  /** The fee, in lamports (`meta.fee`). */
  fee: bigint
}>

const SOL_DECIMALS = 9
const METHOD = 'getTransaction'
const DIGITS = /^\d+$/

function shapeError(path: string, expected: string, value: unknown): ResponseShapeError {
  const received = describeValue(value)
  return new ResponseShapeError({
    code: 'RESPONSE_SHAPE',
    details: [`Expected ${expected}, received ${received}.`],
    context: { method: METHOD, path, expected, received },
  })
}

/** The pubkey of a `jsonParsed` account key, in the form of either release. */
function parsedKey(key: unknown, index: number): string {
  if (typeof key === 'string') return key
  if (typeof key === 'object' && key !== null) {
    const pubkey = (key as { pubkey?: unknown }).pubkey
    if (typeof pubkey === 'string') return pubkey
    // Nodes 1.2.10-1.2.17: `{ "<pubkey>": ["writable", "signer"] }`.
    const names = Object.keys(key)
    if (pubkey === undefined && names.length === 1) return names[0] as string
  }
  throw shapeError(`$.transaction.message.accountKeys[${index}]`, 'an account key', key)
}

/**
 * The account index space pre/post balances and token balances point into: the static keys,
 * then the keys loaded from lookup tables, writable before read-only. `jsonParsed` lists them all
 * in `accountKeys` from 1.10.39 / 1.13; nodes before list the static keys only and send
 * `loadedAddresses` instead.
 */
function accountKeysOf(tx: BalanceRecord, balances: number): readonly string[] {
  const listed: readonly unknown[] = tx.transaction.message.accountKeys
  const keys = listed.map(parsedKey)
  const loaded = tx.meta?.loadedAddresses
  if (keys.length < balances && loaded !== undefined) {
    keys.push(...loaded.writable, ...loaded.readonly)
  }
  if (keys.length !== balances) {
    throw shapeError(
      '$.meta.preBalances',
      `one balance per account key (${keys.length})`,
      `${balances} balances`,
    )
  }
  return keys
}

function toBigInt(value: number | bigint, path: string): bigint {
  if (typeof value === 'bigint') return value
  if (Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  throw shapeError(path, 'a u64', value)
}

type TokenSide = Readonly<{ mint: string; owner: string | null; amount: bigint; decimals: number }>

/** Token balances by account index; a list the node did not send reads as none. */
function tokenSides(
  list: readonly TokenBalance[] | null | undefined,
  keys: readonly string[],
  field: 'preTokenBalances' | 'postTokenBalances',
): Map<number, TokenSide> {
  const sides = new Map<number, TokenSide>()
  for (const [i, balance] of (list ?? []).entries()) {
    const path = `$.meta.${field}[${i}]`
    if (balance.accountIndex >= keys.length || sides.has(balance.accountIndex)) {
      throw shapeError(`${path}.accountIndex`, 'a distinct account index', balance.accountIndex)
    }
    const { amount, decimals } = balance.uiTokenAmount
    if (!DIGITS.test(amount)) throw shapeError(`${path}.uiTokenAmount.amount`, 'digits', amount)
    sides.set(balance.accountIndex, {
      mint: balance.mint,
      owner: balance.owner ?? null,
      amount: BigInt(amount),
      decimals,
    })
  }
  return sides
}

/**
 * The entries of one account and asset: one when the holder is the same on both sides, else the
 * holder before going to 0 and the holder after coming from 0; entries that did not move are
 * left out.
 */
function entriesOf(
  account: string,
  asset: string,
  decimals: number,
  before: Readonly<{ owner: string | null; value: bigint }>,
  after: Readonly<{ owner: string | null; value: bigint }>,
): BalanceChange[] {
  const entry = (owner: string | null, from: bigint, to: bigint): BalanceChange[] =>
    from === to
      ? []
      : [{ account, asset, owner, before: from, after: to, delta: to - from, decimals }]
  if (before.owner === after.owner) return entry(before.owner, before.value, after.value)
  return [...entry(before.owner, before.value, 0n), ...entry(after.owner, 0n, after.value)]
}

/** The token entries of one account: its mint on each side (created, closed or kept). */
function tokenEntries(
  account: string,
  pre: TokenSide | undefined,
  post: TokenSide | undefined,
): BalanceChange[] {
  const side = (token: TokenSide | undefined) => ({
    owner: token?.owner ?? null,
    value: token?.amount ?? 0n,
  })
  if (pre !== undefined && post !== undefined && pre.mint !== post.mint) {
    return [
      ...entriesOf(account, pre.mint, pre.decimals, side(pre), { owner: pre.owner, value: 0n }),
      ...entriesOf(account, post.mint, post.decimals, { owner: post.owner, value: 0n }, side(post)),
    ]
  }
  const token = post ?? pre
  if (token === undefined) return []
  const from = pre === undefined ? { owner: token.owner, value: 0n } : side(pre)
  const to = post === undefined ? { owner: token.owner, value: 0n } : side(post)
  return entriesOf(account, token.mint, token.decimals, from, to)
}

/**
 * Every account's change in a transaction record: lamports (`'SOL'`, from `preBalances` and
 * `postBalances`) and each token (from `preTokenBalances` and `postTokenBalances`, by their raw
 * `amount`, never the float `uiAmount`), as exact bigints, entries that did not move left out.
 * Pure: no request.
 *
 * Accounts are those of the record's index space: the static keys, then (v0) the keys loaded
 * from lookup tables, writable then read-only; a v1 message has no lookup tables. A token account
 * with no balance on one side did not exist then: it was created (0 before) or closed (0 after).
 * Each entry says whose holdings it belongs to (`owner`): for a token balance, its owner as the
 * node sent it (`null` for data stored before 1.7.16 / 1.8.1, which has no `owner`); for lamports,
 * the token account's owner when the account has a token balance in the record, else the account
 * itself. An account that changes holder in the transaction (created, closed, given away) gives
 * one entry per holder, so the entries whose `owner` is X always add up to X's change. The native
 * mint's token entries (wrapped SOL) mirror lamports the `'SOL'` entries already hold: add one
 * side only. The fee is in the fee payer's lamports, failed transactions included (see
 * {@link transactionFee}). A record without status meta (`meta: null`, the oldest long-term
 * storage rows) has no known change: `[]`. A record whose balances do not fit its keys is a
 * `ResponseShapeError`.
 *
 * @example
 * ```ts
 * import { balanceChanges, createClient } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const tx = await client.getTransaction(
 *   '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
 *   { maxSupportedTransactionVersion: 1 },
 * )
 * for (const change of tx === null ? [] : balanceChanges(tx)) {
 *   console.log(change.owner, change.asset, change.delta)
 * }
 * ```
 */
export function balanceChanges(transaction: BalanceRecord): readonly BalanceChange[] {
  const { meta } = transaction
  if (meta === null) return []
  const { preBalances, postBalances } = meta
  if (postBalances.length !== preBalances.length) {
    throw shapeError(
      '$.meta.postBalances',
      `as many balances as preBalances (${preBalances.length})`,
      `${postBalances.length} balances`,
    )
  }
  const keys = accountKeysOf(transaction, preBalances.length)
  const pre = tokenSides(meta.preTokenBalances, keys, 'preTokenBalances')
  const post = tokenSides(meta.postTokenBalances, keys, 'postTokenBalances')
  const changes: BalanceChange[] = []
  for (const [index, account] of keys.entries()) {
    const tokenBefore = pre.get(index)
    const tokenAfter = post.get(index)
    const holder = (token: TokenSide | undefined) => (token === undefined ? account : token.owner)
    changes.push(
      ...entriesOf(
        account,
        'SOL',
        SOL_DECIMALS,
        {
          owner: holder(tokenBefore),
          value: toBigInt(preBalances[index] as number | bigint, `$.meta.preBalances[${index}]`),
        },
        {
          owner: holder(tokenAfter),
          value: toBigInt(postBalances[index] as number | bigint, `$.meta.postBalances[${index}]`),
        },
      ),
      ...tokenEntries(account, tokenBefore, tokenAfter),
    )
  }
  return changes
}

/**
 * Who paid a record's fee and how much (`meta.fee`, debited from the first account key whether
 * the transaction succeeded or failed), or `undefined` for a record without status meta. Pure.
 *
 * @example
 * ```ts
 * import { createClient, transactionFee } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const tx = await client.getTransaction(
 *   '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
 * )
 * const fee = tx === null ? undefined : transactionFee(tx)
 * console.log(fee?.payer, fee?.fee)
 * ```
 */
export function transactionFee(transaction: BalanceRecord): TransactionFee | undefined {
  const { meta } = transaction
  if (meta === null) return undefined
  const payer = parsedKey(transaction.transaction.message.accountKeys[0], 0)
  return { payer, fee: toBigInt(meta.fee, '$.meta.fee') }
}
