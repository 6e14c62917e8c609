import { createClient } from '../../client'
import { InvalidParamError } from '../../errors/ConfirmedRpcError'
import type { HistoryCheckpoint } from '../../history/types'
import { redactUrl } from '../../transport/redact'
import type { WalletCheckpoint } from '../../wallet/types'
import { UsageError } from '../UsageError'
import { createHistoryClient } from './createHistoryClient'
import type { HistoryArgs } from './HistoryArgs'
import type { HistoryQuery } from './HistoryQuery'
import { openHistoryWalk } from './openHistoryWalk'

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
