import type { WalletCheckpoint } from '../../actions/index'
import { walletHistory } from '../../actions/index'
import type { HistoryCheckpoint, RpcTransport, ThrottleEvent } from '../../index'
import {
  type Client,
  createClient,
  createFallbackTransport,
  createHttpTransport,
  createRequestBudget,
  InvalidParamError,
  rangeWalker,
  redactUrl,
} from '../../index'
import { UsageError } from '../command/process'
import type { HistoryArgs, HistoryEntry, HistoryQuery } from './types'

// With --transactions, a batch also closes after this long: a page of lookups on a slow node
// may take minutes, and a batch is what a crash can lose.
const BATCH_MS = 1_000

/** How an export walks (not what it exports): see {@link openHistoryWalk}. */
type WalkSettings = Readonly<{
  pageSize: number | undefined
  parallel: number | undefined
  /** A checkpoint to continue from; the query's cursors and limit are then its own. */
  resume: HistoryCheckpoint | WalletCheckpoint | undefined
  signal: AbortSignal | undefined
  /** Clock for the batches of `--transactions` (one closes after a second at most). */
  now: () => number
}>

/** The walk an export writes: batches of entries, each followed by a checkpoint. */
export type HistoryWalk = Readonly<{
  /** Batches of entries in output order; the walk's checkpoint covers each batch once yielded. */
  batches(): AsyncIterable<readonly HistoryEntry[]>
  /** Where the walk stands: after the last entry of the last batch yielded. */
  checkpoint(): HistoryCheckpoint | WalletCheckpoint
}>

/**
 * Starts the library's walk for a query: `signaturesForAddress(...).pages()` (a batch is a page
 * as the node sent it), in ranges (`rangeWalker`) with `--parallel` above 1 or `--order oldest`,
 * or with `--transactions`, `transactionsForAddress` (a batch is
 * `pageSize` entries, or what came within a second). The address and every option are checked
 * here, synchronously, before any request: an invalid one throws the library's
 * `InvalidParamError`.
 */
export function openHistoryWalk(
  client: Client<'bigint'>,
  query: HistoryQuery,
  settings: WalkSettings,
): HistoryWalk {
  const { pageSize, parallel, resume, signal } = settings
  const position =
    resume === undefined
      ? {
          before: query.before,
          until: query.until,
          limit: query.limit,
          commitment: query.commitment,
        }
      : { resume: resume as HistoryCheckpoint }
  if (query.wallet === true) return openWalletWalk(client, query, settings)
  // A resumed export keeps the order its checkpoint was taken in.
  const order =
    resume === undefined ? query.order : ((resume as HistoryCheckpoint).order ?? 'newest')
  // Any --parallel but 1 goes to rangeWalker, which checks it: 0 is refused as 65 is.
  const walker =
    order === 'oldest' || (parallel !== undefined && parallel !== 1)
      ? rangeWalker({ parallel, order })
      : undefined
  const options = { ...position, pageSize, walker, signal }
  if (!query.transactions) {
    const walk = client.signaturesForAddress(query.address, options)
    return {
      batches: async function* () {
        for await (const page of walk.pages()) yield page.map((info) => ({ info }))
      },
      checkpoint: walk.checkpoint,
    }
  }
  const walk = client.transactionsForAddress(query.address, {
    ...options,
    // The walk's own default: every version the decoders read (legacy, v0 and v1).
    encoding: query.encoding ?? 'json',
  })
  const size = pageSize ?? 1000
  return {
    batches: async function* () {
      let batch: HistoryEntry[] = []
      let opened = settings.now()
      try {
        for await (const { info, transaction } of walk) {
          batch.push({ info, transaction })
          if (batch.length >= size || settings.now() - opened >= BATCH_MS) {
            yield batch
            batch = []
            opened = settings.now()
          }
        }
      } catch (error) {
        // The checkpoint already counts the entries yielded before the failure: hand them over
        // first, so that they are written before the checkpoint that names them.
        if (batch.length > 0) yield batch
        throw error
      }
      // The walk ended (its end, an abort): what it yielded is covered by its checkpoint.
      if (batch.length > 0) yield batch
    },
    checkpoint: walk.checkpoint,
  }
}

/**
 * `--wallet`: `walletHistory(...).pages()`, each entry with its `sources` (and its transaction
 * with `--transactions`, fetched once per signature).
 */
function openWalletWalk(
  client: Client<'bigint'>,
  query: HistoryQuery,
  settings: WalkSettings,
): HistoryWalk {
  const { pageSize, signal } = settings
  const resume = settings.resume as WalletCheckpoint | undefined
  const position =
    resume === undefined
      ? { before: query.before, limit: query.limit, commitment: query.commitment }
      : { resume }
  const walk = walletHistory(client, query.address, {
    ...position,
    pageSize,
    signal,
    transactions: query.transactions,
  })
  return {
    batches: async function* () {
      for await (const page of walk.pages()) {
        yield page.map(({ transaction, ...info }) =>
          query.transactions ? { info, transaction } : { info },
        )
      }
    },
    checkpoint: walk.checkpoint,
  }
}

/** What the command's flags say about the endpoints. */
type HistoryEndpoints = Readonly<{
  /** `--rpc`, once or more: several fail over, in the given order. */
  urls: readonly string[]
  /** `--requests-per-second`: a budget per endpoint (each has its own provider limit). */
  requestsPerSecond: number | undefined
  /** `--timeout`: each attempt's time limit, in ms (the transport's default when absent). */
  timeoutMs?: number | undefined
  /** Told of retries, failovers and waits (`createRetryNotices`). */
  onThrottle?: ((event: ThrottleEvent) => void) | undefined
}>

/**
 * The client an export walks with, composed as an app would: one HTTP transport per `--rpc`,
 * each with its own budget, under a fallback transport when there are several. The library
 * checks every URL and the rate (`InvalidParamError`), so this also serves as the check of those
 * flags. Deprecation notices are off: the command calls no deprecated method.
 */
export function createHistoryClient(endpoints: HistoryEndpoints): Client<'bigint'> {
  const { urls, requestsPerSecond, timeoutMs, onThrottle } = endpoints
  const transports: RpcTransport[] = urls.map((url) =>
    createHttpTransport({
      url,
      timeoutMs,
      onThrottle,
      budget:
        requestsPerSecond === undefined ? undefined : createRequestBudget({ requestsPerSecond }),
    }),
  )
  const transport =
    transports.length === 1 ? transports[0] : createFallbackTransport(transports, { onThrottle })
  return createClient({
    transport: transport as RpcTransport,
    u64: 'bigint',
    deprecationWarnings: false,
  })
}

// The library's parameter names, as the command line spells them.
const FLAGS: Readonly<Record<string, string>> = {
  address: '<address>',
  owner: '--wallet',
  'options.before': '--before',
  'options.until': '--until',
  'options.limit': '--limit',
  'options.pageSize': '--page-size',
  parallel: '--parallel',
  order: '--order',
  'options.commitment': '--commitment',
  'options.encoding': '--encoding',
  requestsPerSecond: '--requests-per-second',
}

/**
 * Checks what the library checks, with the library's own checks, before anything is written or
 * sent: each URL (`createClient`), the address, cursors, limit, page size and parallelism (a walk
 * is built over a transport that is never called), and a checkpoint to resume from. A failure
 * is a `UsageError` naming the argument; a URL in it is redacted.
 */
export function checkHistoryArgs(
  args: HistoryArgs,
  query: HistoryQuery,
  resume: HistoryCheckpoint | WalletCheckpoint | undefined,
): void {
  try {
    args.urls.forEach((url, index) => {
      try {
        createHistoryClient({ urls: [url], requestsPerSecond: args.requestsPerSecond })
      } catch (error) {
        if (!(error instanceof InvalidParamError) || error.context.param !== 'url') throw error
        const which = args.urls.length > 1 ? ` #${index + 1}` : ''
        throw new UsageError(`--rpc${which} (${redactUrl(url)}): ${error.context.reason}`)
      }
    })
    const client = createClient({
      u64: 'bigint',
      transport: () => Promise.reject(new Error('a check sends nothing')),
    })
    openHistoryWalk(client, query, {
      pageSize: args.pageSize,
      parallel: args.parallel,
      resume,
      signal: undefined,
      now: () => 0,
    })
  } catch (error) {
    if (!(error instanceof InvalidParamError)) throw error
    const param = String(error.context.param)
    const flag =
      resume !== undefined && param.startsWith('options.resume') ? '--resume' : FLAGS[param]
    throw new UsageError(`${flag ?? param}: ${error.context.reason}`)
  }
}
