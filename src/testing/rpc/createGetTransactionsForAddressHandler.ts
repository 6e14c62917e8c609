import { isPlainObject } from '../../json/parseJson'
import type { LedgerState, LedgerTransaction } from '../ledger/types'
import type { RpcContext } from './createRpcContext'
import {
  blockTimeFor,
  type CommitmentLevel,
  partitionPoint,
  readCommitment,
} from './createRpcContext'
import { encodeMeta, encodeTransactionBody, encodeTransactionError } from './encodeTransaction'
import {
  isUnsignedInteger,
  readPositionalParams,
  serdeMismatch,
  verifyPubkey,
  verifySignature,
} from './readParams'
import type { MethodHandler, WireEncoding } from './types'
import { invalidParams, type Outcome, ok, rpcError } from './types'
import type { JsonOut } from './writeJson'

/** Page caps of the specification: 1,000 signature entries, 100 full transactions. */
const MAX_SIGNATURES = 1000
const MAX_FULL = 100

type Bounds = Readonly<{ gt?: number; gte?: number; lt?: number; lte?: number; eq?: number }>

type Query = Readonly<{
  full: boolean
  ascending: boolean
  limit: number
  after: readonly [number, number] | undefined
  commitment: CommitmentLevel
  minContextSlot: number | undefined
  encoding: WireEncoding
  maxSupportedTransactionVersion: number | undefined
  slot: Bounds
  blockTime: Bounds
  position: Bounds
  status: 'any' | 'succeeded' | 'failed'
  tokenAccounts: 'none' | 'balanceChanged' | 'all'
}>

/** serde's `expected ...` for a list of variants. */
function expected(names: readonly string[]): string {
  const quoted = names.map((name) => `\`${name}\``)
  return quoted.length === 2 ? `${quoted[0]} or ${quoted[1]}` : `one of ${quoted.join(', ')}`
}

function readChoice<T extends string>(
  value: unknown,
  names: readonly T[],
  fallback: T,
): Outcome<T> {
  if (value === undefined || value === null) return ok(fallback)
  if (typeof value !== 'string') return invalidParams(serdeMismatch(value, 'a string'))
  if (!names.includes(value as T)) {
    return invalidParams(
      `Invalid params: unknown variant \`${value}\`, expected ${expected(names)}.`,
    )
  }
  return ok(value as T)
}

/** A position in the ledger: slot, then index in the block. */
function positionOf(tx: LedgerTransaction): number {
  return tx.slot * 1_000_000 + tx.indexInBlock
}

function readBounds(
  value: unknown,
  keys: readonly string[],
  read: (item: unknown) => Outcome<number>,
): Outcome<Bounds> {
  if (value === undefined || value === null) return ok({})
  if (!isPlainObject(value)) return invalidParams(serdeMismatch(value, 'a map'))
  const bounds: Record<string, number> = {}
  for (const key of keys) {
    const item = value[key]
    if (item === undefined || item === null) continue
    const number = read(item)
    if (!number.ok) return number
    bounds[key] = number.value
  }
  return ok(bounds)
}

function within(value: number, bounds: Bounds): boolean {
  return (
    (bounds.gt === undefined || value > bounds.gt) &&
    (bounds.gte === undefined || value >= bounds.gte) &&
    (bounds.lt === undefined || value < bounds.lt) &&
    (bounds.lte === undefined || value <= bounds.lte) &&
    (bounds.eq === undefined || value === bounds.eq)
  )
}

function readQuery(ctx: RpcContext, value: unknown): Outcome<Query> {
  const config: Readonly<Record<string, unknown>> =
    value === undefined || value === null ? {} : (value as Readonly<Record<string, unknown>>)
  if (!isPlainObject(config)) return invalidParams(serdeMismatch(value, 'a map'))
  const details = readChoice(config.transactionDetails, ['signatures', 'full'], 'signatures')
  if (!details.ok) return details
  const order = readChoice(config.sortOrder, ['asc', 'desc'], 'desc')
  if (!order.ok) return order
  const full = details.value === 'full'
  const cap = full ? MAX_FULL : MAX_SIGNATURES
  const limit = config.limit ?? cap
  if (!isUnsignedInteger(limit) || limit < 1 || limit > cap) {
    return invalidParams(`Invalid params: limit must be between 1 and ${cap}`)
  }
  let after: readonly [number, number] | undefined
  const token = config.paginationToken
  if (token !== undefined && token !== null) {
    const match = typeof token === 'string' ? /^(\d+):(\d+)$/.exec(token) : null
    if (match === null) return invalidParams('Invalid params: invalid paginationToken')
    after = [Number(match[1]), Number(match[2])]
  }
  const minContextSlot = config.minContextSlot
  if (
    minContextSlot !== undefined &&
    minContextSlot !== null &&
    !isUnsignedInteger(minContextSlot)
  ) {
    return invalidParams(serdeMismatch(minContextSlot, 'u64', true))
  }
  const encoding = readChoice<WireEncoding>(
    config.encoding,
    ['json', 'jsonParsed', 'base58', 'base64'],
    'json',
  )
  if (!encoding.ok) return encoding
  const version = config.maxSupportedTransactionVersion
  if (version !== undefined && version !== null && (!isUnsignedInteger(version) || version > 255)) {
    return invalidParams(serdeMismatch(version, 'u8', true))
  }
  const filters: Readonly<Record<string, unknown>> = isPlainObject(config.filters)
    ? config.filters
    : {}
  if (config.filters !== undefined && config.filters !== null && !isPlainObject(config.filters)) {
    return invalidParams(serdeMismatch(config.filters, 'a map'))
  }
  const read = readFilters(ctx, filters)
  if (!read.ok) return read
  return ok({
    full,
    ascending: order.value === 'asc',
    limit,
    after,
    commitment: readCommitment(config, { ...ctx.rules, commitmentParam: true }),
    minContextSlot:
      minContextSlot === undefined || minContextSlot === null ? undefined : minContextSlot,
    encoding: encoding.value,
    maxSupportedTransactionVersion:
      version === undefined || version === null ? undefined : (version as number),
    ...read.value,
  })
}

type Filters = Pick<Query, 'slot' | 'blockTime' | 'position' | 'status' | 'tokenAccounts'>

/** The `filters` map: bounds on slot, block time and signature position, status, token accounts. */
function readFilters(
  ctx: RpcContext,
  filters: Readonly<Record<string, unknown>>,
): Outcome<Filters> {
  const unsigned = (item: unknown): Outcome<number> =>
    isUnsignedInteger(item) ? ok(item) : invalidParams(serdeMismatch(item, 'u64', true))
  const timestamp = (item: unknown): Outcome<number> =>
    typeof item === 'number' && Number.isInteger(item)
      ? ok(item)
      : invalidParams(serdeMismatch(item, 'i64'))
  const signaturePosition = (item: unknown): Outcome<number> => {
    if (typeof item !== 'string') return invalidParams(serdeMismatch(item, 'a string'))
    const verified = verifySignature(item, ctx.rules.base58LengthCheck)
    if (!verified.ok) return verified
    const tx = ctx.state.bySignature.get(item)
    if (tx === undefined) return invalidParams(`Invalid params: signature ${item} not found`)
    return ok(positionOf(tx))
  }
  const slot = readBounds(filters.slot, ['gt', 'gte', 'lt', 'lte'], unsigned)
  if (!slot.ok) return slot
  const blockTime = readBounds(filters.blockTime, ['eq', 'gt', 'gte', 'lt', 'lte'], timestamp)
  if (!blockTime.ok) return blockTime
  const position = readBounds(filters.signature, ['gt', 'gte', 'lt', 'lte'], signaturePosition)
  if (!position.ok) return position
  const status = readChoice(filters.status, ['any', 'succeeded', 'failed'], 'any')
  if (!status.ok) return status
  const tokenAccounts = readChoice(filters.tokenAccounts, ['none', 'balanceChanged', 'all'], 'none')
  if (!tokenAccounts.ok) return tokenAccounts
  return ok({
    slot: slot.value,
    blockTime: blockTime.value,
    position: position.value,
    status: status.value,
    tokenAccounts: tokenAccounts.value,
  })
}

/**
 * The transactions where a token account owned by `owner` appears in the token balances: with
 * `changed`, only those where its amount changed (`tokenAccounts: 'balanceChanged'`). Slots below
 * `fromSlot` have no owner data (the provider's cut) and give none.
 */
function tokenAccountActivity(
  state: LedgerState,
  owner: string,
  changed: boolean,
  fromSlot: number,
): LedgerTransaction[] {
  const found: LedgerTransaction[] = []
  for (const tx of state.bySignature.values()) {
    if (tx.signatures[0] !== tx.signature || tx.slot < fromSlot) continue
    const pre = tx.meta.preTokenBalances ?? []
    const post = tx.meta.postTokenBalances ?? []
    const owned = [...pre, ...post].filter((balance) => balance.owner === owner)
    if (owned.length === 0) continue
    if (changed) {
      const amount = (list: typeof pre, index: number) =>
        list.find((balance) => balance.accountIndex === index)?.amount ?? 0n
      if (!owned.some((b) => amount(pre, b.accountIndex) !== amount(post, b.accountIndex))) continue
    }
    found.push(tx)
  }
  return found
}

/** The address's own transactions and those of its token accounts, in ledger order, once each. */
function withTokenActivity(ctx: RpcContext, owner: string, changed: boolean): LedgerTransaction[] {
  const fromSlot = ctx.rules.providerOwnerDataSlot ?? 0
  const listed = ctx.state.byAddress.get(owner) ?? []
  const all = new Set([...listed, ...tokenAccountActivity(ctx.state, owner, changed, fromSlot)])
  return [...all].sort((a, b) => positionOf(a) - positionOf(b))
}

function encodeEntry(ctx: RpcContext, tx: LedgerTransaction, query: Query): Outcome<JsonOut> {
  const blockTime = blockTimeFor(ctx, tx.slot, query.commitment)
  if (!query.full) {
    return ok({
      signature: tx.signature,
      slot: tx.slot,
      transactionIndex: tx.indexInBlock,
      err: encodeTransactionError(tx.meta.err, ctx.rules),
      memo: ctx.rules.memos ? tx.memo : null,
      blockTime,
      confirmationStatus: tx.slot <= ctx.frontiers.finalized ? 'finalized' : 'confirmed',
    })
  }
  const { version } = tx.message
  const max = query.maxSupportedTransactionVersion
  if (version !== 'legacy' && (max === undefined || version > max)) {
    return rpcError(
      -32015,
      `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
    )
  }
  return ok({
    slot: tx.slot,
    transactionIndex: tx.indexInBlock,
    blockTime,
    transaction: encodeTransactionBody(tx, query.encoding, ctx.rules),
    meta: tx.metaMissing ? null : encodeMeta(tx, query.encoding === 'jsonParsed', ctx.rules),
    version: max === undefined ? undefined : version,
  })
}

/**
 * getTransactionsForAddress, a provider method (Helius; not in any node release), served when
 * `createMockLedger({ providerMethods })` lists it. From its specification (Helius API reference
 * `api-reference/rpc/http/gettransactionsforaddress`, and @solana/kit's `GetTransactionsForAddressApi`):
 * `[address, { transactionDetails: 'signatures' | 'full', sortOrder: 'desc' | 'asc', limit,
 * paginationToken, commitment, minContextSlot, encoding, maxSupportedTransactionVersion, filters:
 * { slot, blockTime, signature, status, tokenAccounts } }]` gives `{ data, paginationToken }`.
 *
 * Entries are ordered by slot, then position in the block (`desc` by default); `limit` is 1 to
 * 1,000 for `signatures` and 1 to 100 for `full` (default: the cap); `paginationToken` is
 * `"<slot>:<transactionIndex>"` of the last entry, and the next page starts strictly after it;
 * it is `null` when no entry follows. `signatures` entries: `signature`, `slot`,
 * `transactionIndex`, `err`, `memo`, `blockTime`, `confirmationStatus`; `full` entries: `slot`,
 * `transactionIndex`, `blockTime`, `transaction`, `meta` (encoded by the profile's rules) and
 * `version` when `maxSupportedTransactionVersion` is set. `processed` is refused and
 * `minContextSlot` is checked as the node does for getSignaturesForAddress. `filters.tokenAccounts`
 * adds the transactions whose token balances (pre or post) name the address as `owner`, from
 * `createMockLedger({ providerOwnerDataSlot })` on (Helius has no owner data before slot
 * 111,491,819). The texts of the
 * provider's own param errors are not published; the mock's are serde-like -32602s.
 */
export function createGetTransactionsForAddressHandler(): MethodHandler {
  return (ctx, params) => {
    const positional = readPositionalParams(params, 1, 2)
    if (!positional.ok) return positional
    const [address, configParam] = positional.value
    if (typeof address !== 'string') return invalidParams(serdeMismatch(address, 'a string'))
    const verified = verifyPubkey(address, ctx.rules.base58LengthCheck)
    if (!verified.ok) return verified
    const query = readQuery(ctx, configParam)
    if (!query.ok) return query
    const q = query.value
    if (q.commitment === 'processed') {
      return invalidParams('Method does not support commitment below `confirmed`')
    }
    const highest = q.commitment === 'confirmed' ? ctx.frontiers.confirmed : ctx.frontiers.finalized
    if (q.minContextSlot !== undefined && q.minContextSlot > highest) {
      return rpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: highest })
    }
    const { state } = ctx
    const ordered =
      q.tokenAccounts === 'none'
        ? (state.byAddress.get(address) ?? [])
        : withTokenActivity(ctx, address, q.tokenAccounts === 'balanceChanged')
    const keep = (tx: LedgerTransaction): boolean => {
      if (tx.slot > highest || tx.slot < state.firstAvailableSlot) return false
      if (!within(tx.slot, q.slot) || !within(positionOf(tx), q.position)) return false
      if (Object.keys(q.blockTime).length > 0) {
        const time = blockTimeFor(ctx, tx.slot, q.commitment)
        if (time === null || !within(time, q.blockTime)) return false
      }
      if (q.status === 'succeeded' && tx.meta.err !== null) return false
      if (q.status === 'failed' && tx.meta.err === null) return false
      return true
    }
    // From the token on, in the asked order, one entry past the page: whether one more matches
    // decides the next token. A walk of one-entry pages then costs a page each, not the whole
    // history each.
    const after = q.after === undefined ? undefined : q.after[0] * 1_000_000 + q.after[1]
    const step = q.ascending ? 1 : -1
    let at = q.ascending
      ? partitionPoint(ordered, (tx) => positionOf(tx) <= (after ?? -1))
      : partitionPoint(ordered, (tx) => positionOf(tx) < (after ?? Number.MAX_SAFE_INTEGER)) - 1
    const matches: LedgerTransaction[] = []
    for (; at >= 0 && at < ordered.length && matches.length <= q.limit; at += step) {
      const tx = ordered[at] as LedgerTransaction
      // An address named twice in one transaction is listed twice, side by side.
      if (tx !== matches.at(-1) && keep(tx)) matches.push(tx)
    }
    const page = matches.slice(0, q.limit)
    const data: JsonOut[] = []
    for (const tx of page) {
      const entry = encodeEntry(ctx, tx, q)
      if (!entry.ok) return entry
      data.push(entry.value)
    }
    const last = page.at(-1)
    return ok({
      data,
      paginationToken:
        last !== undefined && matches.length > page.length
          ? `${last.slot}:${last.indexInBlock}`
          : null,
    })
  }
}
