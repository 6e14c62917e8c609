import type { Client } from '../../client'
import type { HistoryCheckpoint } from '../../history/types'
import { rangeWalker } from '../../ranges/rangeWalker'
import type { WalletCheckpoint } from '../../wallet/types'
import { walletHistory } from '../../wallet/walletHistory'
import type { HistoryEntry } from './HistoryEntry'
import type { HistoryQuery } from './HistoryQuery'
import type { HistoryWalk } from './HistoryWalk'
import type { WalkSettings } from './WalkSettings'

// With --transactions, a batch also closes after this long: a page of lookups on a slow node
// may take minutes, and a batch is what a crash can lose.
const BATCH_MS = 1_000

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
  const walker =
    order === 'oldest' || (parallel !== undefined && parallel > 1)
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
    encoding: query.encoding ?? 'json',
    maxSupportedTransactionVersion: 0,
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
