import type { MethodContext } from '../actions/ActionClient'
import type { ConfirmedTransaction } from '../schemas/ConfirmedTransaction'
import type { Commitment, U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { Limiter } from './createLimiter'
import type { WalletCheckpoint } from './WalletCheckpoint'

/** A full transaction as the walk fetches it. @internal */
export type WalletTransaction<TMode extends U64Mode> = ConfirmedTransaction<'json', TMode>

/** The options of a wallet walk after checks and defaults. @internal */
export type WalletPlan = Readonly<{
  owner: string
  commitment: Commitment | undefined
  pageSize: number
  concurrency: number
  pageRetries: number
  pageRetryDelayMs: number
  emptyPageChecks: number
  transactions: boolean
  /** Yield nothing up to and including this signature (the `before` option). */
  skipThrough: string | undefined
  signal: AbortSignal | undefined
  /** The checkpoint to continue from, or undefined for a new walk. */
  resume: WalletCheckpoint | undefined
  /** `limit` of a new walk. */
  limit: number | undefined
  /** Walk with the provider method where the endpoint serves it. */
  provider: boolean
}>

/** One address being walked. @internal */
export type SourceState<TMode extends U64Mode> = {
  readonly address: string
  readonly kind: 'owner' | 'listed' | 'discovered'
  /** Discovery order: the owner is 0. */
  readonly rank: number
  readonly start: string | undefined
  /** Its last entry handed out. */
  before: string | undefined
  /**
   * A discovered address is read from its newest entry, dropping everything down to its start
   * (a short first page then ends the walk at once; a walk from the start may meet an empty page,
   * which is checked `emptyPageChecks` times). If its start never comes, it is read again from
   * the start.
   */
  skipThrough: string | undefined
  /** Slot of its last fetched entry; +Infinity before its first page. */
  floor: number
  /** Its walk has nothing more. */
  walked: boolean
  /** Entries of it buffered and not handed out. */
  pending: number
  /** Entries fetched so far: each entry's position in this source's order. */
  fetched: number
  pages: AsyncIterator<SignatureInfo<TMode>[]> | undefined
  inFlight: Promise<void> | undefined
  ready: { page: SignatureInfo<TMode>[] | undefined; error?: unknown } | undefined
}

/** A fetched entry waiting to be handed out. @internal */
export type Buffered<TMode extends U64Mode> = {
  readonly info: SignatureInfo<TMode>
  readonly slot: number
  readonly sources: Set<SourceState<TMode>>
  /** Position in each source's order, by source rank. */
  readonly positions: Map<number, number>
  /** Not handed out: above S0, already handed out before a resume, or up to `before`. */
  dropped: boolean
  transaction: Promise<WalletTransaction<TMode> | null> | undefined
}

/** An owner transaction read for discovery; applied in the owner's order. @internal */
export type Inspection<TMode extends U64Mode> = {
  readonly entry: Buffered<TMode>
  started: boolean
  settled: boolean
  accounts: ReadonlySet<string> | undefined
  error: unknown
  promise: Promise<void> | undefined
}

/** Everything a wallet walk holds. @internal */
export type WalletState<TMode extends U64Mode> = {
  readonly context: MethodContext<TMode>
  readonly plan: WalletPlan
  /** Aborts when the walk stops. */
  readonly signal: AbortSignal
  /** A signal for one request, from a few that share one listener on `signal`. */
  readonly requestSignal: () => AbortSignal
  /** A signal of its own (one address's walk), aborting with `signal`. */
  readonly ownSignal: () => AbortSignal
  /** Bounds the transaction lookups (owner reads and output alike). */
  readonly limiter: Limiter
  upperSlot: number
  /** The owner's associated addresses, by `program mint`. */
  readonly associated: Map<string, Promise<string | undefined>>
  readonly sources: SourceState<TMode>[]
  readonly byAddress: Map<string, SourceState<TMode>>
  readonly buffer: Map<string, Buffered<TMode>>
  readonly inspections: Inspection<TMode>[]
  /** Hand-out position: every slot above is handed out; `inSlot` holds those of this slot. */
  emittedAbove: number | undefined
  inSlot: Set<string>
  /** Resume filter: entries above this slot, or in `resumeInSlot`, were handed out before. */
  readonly resumeAbove: number | undefined
  readonly resumeInSlot: ReadonlySet<string>
  remaining: number | undefined
  /** Still dropping entries up to `plan.skipThrough`. */
  skipping: boolean
  done: boolean
}

/** Everything a walk on the provider path holds (the `provider` option). @internal */
export type ProviderWalletState<TMode extends U64Mode> = {
  readonly context: MethodContext<TMode>
  readonly plan: WalletPlan
  readonly signal: AbortSignal
  readonly requestSignal: () => AbortSignal
  readonly limiter: Limiter
  /** The provider filter of this run: below this signature (the checkpoint's or `before`). */
  readonly startBefore: string | undefined
  /** S0: the slot of the walk's newest entry; undefined before the first page. */
  upperSlot: number | undefined
  /** The last entry handed out. */
  before: string | undefined
  emittedAbove: number | undefined
  inSlot: Set<string>
  remaining: number | undefined
  done: boolean
  /** The first page (the probe), not yet handed out; then the next `paginationToken`. */
  first: SignatureInfo<TMode>[] | undefined
  token: string | undefined
  /** Transaction lookups started, awaited when the walk stops. */
  readonly fetching: Promise<unknown>[]
}
