import type { Commitment, HistoryCheckpoint, SignatureInfo } from '../index'

/**
 * Where Redis is: a `redis://` (or `rediss://`) URL, or host and port. Every queue, worker and
 * budget opens connections of its own from it and closes them on `close()`.
 */
export type RedisConnection =
  | string
  | Readonly<{
      /** Host name or address. */
      host: string
      /** TCP port. */
      port: number
      /** ACL user name. */
      username?: string | undefined
      /** Password. */
      password?: string | undefined
      /** Database number. */
      db?: number | undefined
    }>

/**
 * Where each walk of a backfill starts and stops: the options of `signaturesForAddress` that a
 * job carries (the same for every address of an `enqueue` call).
 */
export type BackfillWalkOptions = Readonly<{
  /** Start strictly older than this signature. */
  before?: string | undefined
  /** Stop at this signature (exclusive). */
  until?: string | undefined
  /** At most this many entries per address. */
  limit?: number | undefined
  /** Entries per request (1..1000). */
  pageSize?: number | undefined
  /** Commitment of the walk. */
  commitment?: Commitment | undefined
  /** `'oldest'` to walk oldest first. */
  order?: 'newest' | 'oldest' | undefined
  /**
   * Check that the first page of a walk from the newest entry came from a node at the freshest
   * head (see `signaturesForAddress`): three one-entry requests per address, so that a node of a
   * load-balanced pool that lags behind cannot leave an address's newest entries out of its
   * file. On by default here, unlike `signaturesForAddress` (whose caller sees each entry as it
   * comes and can walk again): a backfill's file stands for the whole history, and without the
   * check a lagging first answer left the newest 71 of 131 entries out of one (the backfill's
   * slow test, 20 % faults). `false` saves three requests per address.
   * @default true
   */
  headCheck?: boolean | undefined
}>

/**
 * What a sink keeps about an address between pages (JSON: strings, numbers, booleans, arrays,
 * objects): stored in the job with the walk's checkpoint after each accepted page, and handed
 * back with the next page, after a takeover too.
 */
export type BackfillSinkState = Readonly<Record<string, unknown>>

/** A page of an address's history offered to a {@link BackfillSink}. */
export type BackfillPage = Readonly<{
  /** The address walked, base58. */
  address: string
  /** The page's entries in walk order, u64 values as bigint. */
  entries: readonly SignatureInfo<'bigint'>[]
  /** The walk's checkpoint after this page: stored in the job once the sink accepted the page. */
  checkpoint: HistoryCheckpoint
  /**
   * What the sink returned for the last page accepted before this one for this address
   * (`undefined`: none, the walk starts from its beginning). A page offered again after a crash
   * comes with the same state as the first time.
   */
  state: BackfillSinkState | undefined
  /**
   * Where the job's walk starts and stops (its `before`, `until`, `limit`, `order`): what a
   * sink needs to tell which slots the pages prove whole (the JSONL sink's coverage record).
   * `undefined` when the caller does not say; the walk is then taken as one from the head.
   */
  walk?: BackfillWalkOptions | undefined
}>

/** What a {@link BackfillSink}'s `finish` is told of an address whose walk ended. */
export type BackfillFinish = Readonly<{
  /** The address walked, base58. */
  address: string
  /** What the sink returned for the address's last accepted page (`undefined`: none). */
  state: BackfillSinkState | undefined
  /** The walk's checkpoint at its end (`done`); `undefined` when the caller does not say. */
  checkpoint?: HistoryCheckpoint | undefined
  /** Where the job's walk started and stopped, as in {@link BackfillPage}. */
  walk?: BackfillWalkOptions | undefined
}>

/**
 * Where a backfill worker puts the pages it walks. The contract:
 * - `write` is called once per page, in walk order, and the page counts as accepted when it
 *   resolves; only then is its checkpoint (with the returned state) stored in the job;
 * - a worker may die between the two: the job's next worker then offers that last page again,
 *   with the state of the page before it. At most that one page comes twice, and only as the
 *   next page; so a sink that is idempotent by signature (an upsert), or that rewinds to `state`
 *   (the JSONL sink truncates its file to the length recorded there), keeps each entry once;
 * - `finish` is called once the walk of an address ended (also when it had no entries), before
 *   the job completes; it may be called again for the same address after a crash.
 */
export type BackfillSink = Readonly<{
  /** Stores a page; resolves to the state to record with its checkpoint. */
  write(page: BackfillPage): Promise<BackfillSinkState> | BackfillSinkState
  /** The walk of `address` ended: every page of it was accepted. */
  finish?(request: BackfillFinish): Promise<void> | void
}>

/** The data of a backfill job, as stored in Redis. @internal */
export type BackfillJobData = Readonly<{
  /** The address walked. */
  address: string
  /** Where the walk starts and stops. */
  walk: BackfillWalkOptions
  /** The walk's checkpoint after the last accepted page. */
  checkpoint?: HistoryCheckpoint | undefined
  /** The sink's state after the last accepted page. */
  state?: BackfillSinkState | undefined
  /** Entries accepted so far. */
  entries?: number | undefined
  /** Pages accepted so far. */
  pages?: number | undefined
}>

/**
 * What a backfill worker reports to its `onEvent` hook, for progress lines and logs:
 * - `'start'`: it took an address (`resumed`: from a checkpoint a previous run stored);
 * - `'page'`: the sink accepted a page and its checkpoint is stored (`entries`, `pages`: totals of
 *   the address so far);
 * - `'done'`: the address's walk ended and the sink finished it;
 * - `'released'`: it stopped (`close()`) after a page and gave the address back to the queue;
 * - `'failed'`: the walk or the sink threw; BullMQ tries the job again (from its checkpoint)
 *   until its attempts are spent;
 * - `'taken-over'`: this worker's hold of the address lapsed (Redis was out of reach for longer
 *   than `lockDurationMs`) and another worker took it over, or it went back to the queue for
 *   one: this worker stopped it without writing more, and the new holder resumes it from its
 *   last stored checkpoint;
 * - `'lost'`: the address's job is gone from the queue (Redis lost its data, or the job was
 *   removed) while this worker walked it: its output stopped incomplete after `entries` entries
 *   and nothing will finish it unless the address is queued again.
 */
export type BackfillEvent = Readonly<
  | { kind: 'start'; address: string; resumed: boolean; entries: number; pages: number }
  | { kind: 'page'; address: string; entries: number; pages: number }
  | { kind: 'done'; address: string; entries: number; pages: number }
  | { kind: 'released'; address: string; entries: number; pages: number }
  | { kind: 'failed'; address: string; error: unknown }
  | { kind: 'taken-over'; address: string; entries: number; pages: number }
  | { kind: 'lost'; address: string; entries: number; pages: number }
>

/**
 * How a backfill queue was lost: `'gone'`, its marker vanished (Redis restarted without
 * persistence, was flushed, or the queue was removed); `'replaced'`, another marker stands in its
 * place (the same, and the queue was filled again since).
 */
export type QueueLossReason = 'gone' | 'replaced'

/**
 * What a backfill worker reports of its Redis to its `onRedisEvent` hook, one line each:
 * - `'down'`: it cannot reach Redis (`reason`: the first error of the outage); it keeps
 *   reconnecting, and the addresses in hand wait for Redis before they store their next page;
 * - `'up'`: connected again after `downMs` ms;
 * - `'queue-lost'`: the queue's data is gone from Redis (`reason`: see {@link QueueLossReason}),
 *   its jobs and their checkpoints with it: the worker stops by itself (each address in hand
 *   reports `'lost'`); queue the addresses again (`enqueue`), and each is walked from its start.
 *
 * `endpoint` is the Redis URL without its secrets; `queue` the queue's name.
 */
export type BackfillRedisEvent = Readonly<
  | { kind: 'down'; endpoint: string; reason: string }
  | { kind: 'up'; endpoint: string; downMs: number }
  | { kind: 'queue-lost'; endpoint: string; queue: string; reason: QueueLossReason }
>
