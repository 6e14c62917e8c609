import { type Client, createClient } from '../../client'
import { createFallbackTransport } from '../../transport/createFallbackTransport'
import { createHttpTransport } from '../../transport/createHttpTransport'
import { createRequestBudget } from '../../transport/createRequestBudget'
import type { RpcTransport } from '../../transport/types'

/** What the command's flags say about the endpoints. */
export type HistoryEndpoints = Readonly<{
  /** `--rpc`, once or more: several fail over, in the given order. */
  urls: readonly string[]
  /** `--requests-per-second`: a budget per endpoint (each has its own provider limit). */
  requestsPerSecond: number | undefined
}>

/**
 * The client an export walks with, composed as an app would: one HTTP transport per `--rpc`,
 * each with its own budget, under a fallback transport when there are several. The library
 * checks every URL and the rate (`InvalidParamError`), so this also serves as the check of those
 * flags. Deprecation notices are off: the command calls no deprecated method.
 */
export function createHistoryClient(endpoints: HistoryEndpoints): Client<'bigint'> {
  const { urls, requestsPerSecond } = endpoints
  const transports: RpcTransport[] = urls.map((url) =>
    createHttpTransport({
      url,
      budget:
        requestsPerSecond === undefined ? undefined : createRequestBudget({ requestsPerSecond }),
    }),
  )
  const transport = transports.length === 1 ? transports[0] : createFallbackTransport(transports)
  return createClient({
    transport: transport as RpcTransport,
    u64: 'bigint',
    deprecationWarnings: false,
  })
}
