import { type ActionClient, readActionClient } from '../actions/ActionClient'
import { invalidParam } from '../errors/ConfirmedRpcError'
import {
  ADDRESS,
  booleanField,
  checkCommitment,
  checkSignal,
  type FieldReader,
  integerField,
  readFields,
  signatureField,
  toBase58String,
} from '../params/readFields'
import type { Base58Input, Commitment, U64Mode } from '../schemas/common'
import type { WalletCheckpoint, WalletEntry } from '../wallet/types'
import { walletHistory } from '../wallet/walletHistory'
import { type Bookkeeper, createBookkeeper } from './createBookkeeper'
import { reconcileBooks } from './reconcileBooks'
import type { BookRow, BooksCheckpoint, BooksReconciliation } from './types'

const METHOD = 'walletBooks'

/**
 * Options of {@link walletBooks}.
 *
 * @example
 * ```ts
 * import type { WalletBooksOptions } from 'confirmed-rpc/actions'
 *
 * const options: WalletBooksOptions = { from: new Date('2025-01-01T00:00:00Z'), reconcile: true }
 * ```
 */
export type WalletBooksOptions = Readonly<{
  /**
   * Most transactions the wallet walk reads (rows are at most as many: a transaction that moved
   * nothing of the owner's is not a row); any positive integer.
   * @default undefined (no limit)
   */
  limit?: number | undefined
  /**
   * Start with the transactions older than this signature of the wallet's own history
   * (exclusive), as `walletHistory`'s `before`.
   * @default undefined (the newest)
   */
  before?: string | undefined
  /**
   * Stop before this signature (exclusive): the books end with the transaction after it.
   * @default undefined (the wallet's first transaction)
   */
  until?: string | undefined
  /**
   * Rows from this time on (inclusive): a `Date`, or Unix seconds. The walk stops at the first
   * transaction whose `blockTime` is older; transactions without one stay in.
   * @default undefined (from the first transaction)
   */
  from?: Date | number | undefined
  /**
   * Rows up to this time (inclusive): a `Date`, or Unix seconds. Newer transactions are still
   * read (the walk is newest first) and counted in the reconciliation, but give no row.
   * @default undefined (up to the newest)
   */
  to?: Date | number | undefined
  /**
   * Stops the books: the loop ends without an error, every request in flight is cancelled, and
   * `checkpoint()` says where to resume.
   * @default undefined
   */
  signal?: AbortSignal | undefined
  /**
   * Continue from `checkpoint()` (possibly through JSON). It carries `limit`, `before`, `until`,
   * `from`, `to` and `commitment`, so those options must be left out.
   * @default undefined (new books)
   */
  resume?: BooksCheckpoint | undefined
  /**
   * Reconcile at the end of the loop, once the walk is done (three requests more);
   * `reconcile()` then answers without a request.
   * @default false
   */
  reconcile?: boolean | undefined
  /**
   * Commitment of the walk and of the reconciliation; `processed` is refused.
   * @default undefined (the node's default, `finalized`)
   */
  commitment?: Commitment | undefined
  /**
   * Most transaction lookups in flight at once (1..100), as `walletHistory`'s.
   * @default 8
   */
  concurrency?: number | undefined
  /**
   * Wait before a retry of a lookup or page the node answered too early, in milliseconds, as
   * `walletHistory`'s `pageRetryDelayMs`.
   * @default 200
   */
  pageRetryDelayMs?: number | undefined
}>

/**
 * A wallet's books being read; see {@link walletBooks}.
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { type BooksWalk, walletBooks } from 'confirmed-rpc/actions'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const books: BooksWalk = walletBooks(client, 'Vote111111111111111111111111111111111111111')
 * for await (const row of books) console.log(row.signature, row.deltas)
 * console.log((await books.reconcile()).ok)
 * ```
 */
export type BooksWalk = AsyncIterable<BookRow> &
  Readonly<{
    /** Where the books stand: pass it as `resume` to continue with the rows not yet seen. */
    checkpoint(): BooksCheckpoint
    /**
     * The rows so far against the owner's holdings on chain at the walk's slot (getBalance and
     * getTokenAccountsByOwner for both token programs, pinned with `minContextSlot`); with the
     * `reconcile` option, the one made at the end of the loop. Not while the loop runs.
     */
    reconcile(): Promise<BooksReconciliation>
  }>

type BooksPlan = Readonly<{
  owner: string
  until: string | undefined
  from: number | undefined
  to: number | undefined
  reconcile: boolean
  commitment: Commitment | undefined
  signal: AbortSignal | undefined
  resume: BooksCheckpoint | undefined
  walk: Readonly<Record<string, unknown>>
}>

function refuse(param: string, reason: string): never {
  throw invalidParam(METHOD, param, reason)
}

const time: FieldReader<number | undefined> = (value, _, param) => {
  if (value === undefined) return undefined
  if (value instanceof Date && Number.isFinite(value.getTime())) {
    return Math.floor(value.getTime() / 1000)
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value
  return refuse(param, 'expected a valid Date or Unix seconds (an integer)')
}

const list = (field: unknown, param: string, keys: readonly string[]) => {
  if (!Array.isArray(field)) refuse(param, 'expected an array')
  for (const [i, item] of field.entries()) {
    const ok =
      typeof item === 'object' &&
      item !== null &&
      keys.every(
        (key) =>
          typeof (item as Record<string, unknown>)[key] ===
          (key === 'decimals' ? 'number' : 'string'),
      )
    if (!ok) refuse(`${param}[${i}]`, `expected { ${keys.join(', ')} }`)
    for (const key of ['rows', 'later', 'before'] as const) {
      const text = (item as Record<string, unknown>)[key]
      if (text !== undefined && !/^-?\d+$/.test(text as string))
        refuse(`${param}[${i}].${key}`, 'expected digits')
    }
  }
  return field as unknown as readonly never[]
}

/** Checks a books checkpoint read back (possibly through JSON) before anything is sent. */
function readCheckpoint(value: unknown, owner: string): BooksCheckpoint {
  return readFields(
    value,
    {
      version: (field, _, param) => (field === 1 ? (1 as const) : refuse(param, 'expected 1')),
      owner: (field, _, param) =>
        field === owner ? owner : refuse(param, 'the checkpoint belongs to another wallet'),
      done: booleanField(),
      walk: (field, _, param) =>
        typeof field === 'object' && field !== null
          ? (field as WalletCheckpoint)
          : refuse(param, "expected the wallet walk's checkpoint"),
      until: signatureField,
      from: time,
      to: time,
      inRange: booleanField(),
      totals: (field, _, param) => list(field, param, ['asset', 'decimals', 'rows', 'later']),
      opening: (field, _, param) => list(field, param, ['account', 'asset', 'before']),
    },
    METHOD,
    'options.resume',
  ) as BooksCheckpoint
}

/** Reads and checks `walletBooks`' arguments before any request. */
function readBooksOptions(owner: Base58Input, options: WalletBooksOptions | undefined): BooksPlan {
  const address = toBase58String(owner, ADDRESS, METHOD, 'owner')
  const o = readFields(
    options,
    {
      limit: integerField(1, Number.MAX_SAFE_INTEGER),
      before: signatureField,
      until: signatureField,
      from: time,
      to: time,
      signal: checkSignal,
      resume: (value: unknown): unknown => value,
      reconcile: booleanField(false),
      commitment: checkCommitment,
      concurrency: integerField(1, 100),
      pageRetryDelayMs: integerField(0, 60_000),
    },
    METHOD,
    'options',
  )
  if (o.from !== undefined && o.to !== undefined && o.from > o.to) {
    refuse('options.from', 'it is after `to`')
  }
  let resume: BooksCheckpoint | undefined
  if (o.resume !== undefined) {
    for (const key of ['limit', 'before', 'until', 'from', 'to', 'commitment'] as const) {
      if (o[key] !== undefined) refuse(`options.${key}`, 'the `resume` checkpoint already holds it')
    }
    resume = readCheckpoint(o.resume, address)
  }
  const tuning = { concurrency: o.concurrency, pageRetryDelayMs: o.pageRetryDelayMs }
  return {
    owner: address,
    until: resume === undefined ? o.until : resume.until,
    from: resume === undefined ? o.from : resume.from,
    to: resume === undefined ? o.to : resume.to,
    reconcile: o.reconcile,
    commitment: resume?.walk.commitment ?? o.commitment,
    signal: o.signal,
    resume,
    walk: Object.fromEntries(
      Object.entries({
        ...tuning,
        limit: o.limit,
        before: o.before,
        commitment: o.commitment,
        resume: resume?.walk,
      }).filter(([, value]) => value !== undefined),
    ),
  }
}

/**
 * Where a transaction stands against `until`, `from` and `to`, newest first: `later` (newer than
 * `to`), `in`, or `stop` (`until` itself, or older than `from`). A transaction without
 * `blockTime` takes the place of the one before it.
 */
function createRangeGate(plan: BooksPlan, inRange: boolean) {
  let reached = inRange || plan.to === undefined
  return {
    inRange: () => reached,
    place(entry: WalletEntry<U64Mode>): 'later' | 'in' | 'stop' {
      if (entry.signature === plan.until) return 'stop'
      const blockTime = entry.blockTime ?? entry.transaction?.blockTime
      const seconds = blockTime === null || blockTime === undefined ? undefined : Number(blockTime)
      if (!reached) {
        if (seconds === undefined || seconds > (plan.to as number)) return 'later'
        reached = true
      }
      return plan.from !== undefined && seconds !== undefined && seconds < plan.from ? 'stop' : 'in'
    },
  }
}

/**
 * A wallet's books: one row per transaction of its history that changed the owner's holdings or
 * charged it a fee, newest first, failed transactions included (their fee), each with the net
 * change of every asset of the owner's holdings, exact to the lamport and the token base unit.
 *
 * Holdings: `'SOL'` is the owner's own lamports plus the lamports of every token account it owns
 * (rent deposits and wrapped SOL are its SOL; the native mint is no second asset); each other
 * mint is the sum of its token accounts' amounts. The rows come from `walletHistory` with
 * `transactions` (the owner's transactions and those of every token account it owns or owned,
 * closed ones too; each transaction fetched once) through `balanceChanges` (root entry): the entries
 * whose `owner` is the wallet, and, for data stored before token balances named their owner, the
 * entries of the token accounts the walk found the transaction under.
 *
 * `reconcile()` proves them: the holdings on chain at the walk's slot against the sum of the
 * rows, per asset; the difference is the opening balance the history did not show, 0 on a chain
 * when the walk reached the wallet's first transaction. `ok` says whether it is the one the
 * history shows (each balance before the oldest transaction walked); a mismatch (history a node
 * no longer has, records stored without token balances, activity after the walk's slot) is
 * reported, never hidden. `checkpoint()` resumes exactly, the reconciliation included.
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { walletBooks } from 'confirmed-rpc/actions'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const books = walletBooks(client, 'Vote111111111111111111111111111111111111111', {
 *   from: new Date('2025-01-01T00:00:00Z'),
 *   reconcile: true,
 * })
 * for await (const row of books) {
 *   for (const { asset, delta } of row.deltas) console.log(row.signature, asset, delta, row.fee)
 * }
 * const { ok, assets } = await books.reconcile()
 * for (const asset of assets) console.log(asset.asset, asset.rows, asset.chain, asset.opening, ok)
 * ```
 */
export function walletBooks<TMode extends U64Mode = 'bigint'>(
  client: ActionClient<TMode>,
  owner: Base58Input,
  options?: WalletBooksOptions | undefined,
): BooksWalk {
  const context = readActionClient(client, METHOD)
  const plan = readBooksOptions(owner, options)
  const walk = walletHistory(context, plan.owner, {
    ...plan.walk,
    transactions: true,
    signal: plan.signal,
  })
  const keeper: Bookkeeper = createBookkeeper(plan.owner, plan.resume)
  const gate = createRangeGate(plan, plan.resume?.inRange ?? false)
  let done = plan.resume?.done ?? false
  let active = false
  let reconciled: BooksReconciliation | undefined

  const checkpoint = (): BooksCheckpoint => ({
    version: 1,
    owner: plan.owner,
    done,
    walk: walk.checkpoint(),
    ...(plan.until === undefined ? {} : { until: plan.until }),
    ...(plan.from === undefined ? {} : { from: plan.from }),
    ...(plan.to === undefined ? {} : { to: plan.to }),
    inRange: gate.inRange(),
    ...keeper.save(),
  })
  const runReconcile = () =>
    reconcileBooks(context, keeper, {
      owner: plan.owner,
      slot: BigInt(walk.checkpoint().upperSlot ?? 0),
      commitment: plan.commitment,
      signal: plan.signal,
    })

  async function* rows(): AsyncGenerator<BookRow, void, undefined> {
    if (active) refuse('books', 'it is already being iterated; run one loop at a time')
    active = true
    try {
      if (!done) {
        for await (const entry of walk) {
          const place = gate.place(entry)
          if (place === 'stop') {
            done = true
            break
          }
          const row = keeper.book(entry, place === 'later')
          if (row !== undefined) yield row
        }
        if (walk.checkpoint().done) done = true
      }
      if (done && plan.reconcile && reconciled === undefined && plan.signal?.aborted !== true) {
        reconciled = await runReconcile()
      }
    } finally {
      active = false
    }
  }

  return {
    [Symbol.asyncIterator]: rows,
    checkpoint,
    reconcile: async () => {
      if (active) refuse('books', 'reconcile after the loop, not while it runs')
      if (!done) return runReconcile()
      reconciled ??= await runReconcile()
      return reconciled
    },
  }
}
