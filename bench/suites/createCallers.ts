import { Connection, PublicKey } from '@solana/web3.js'
import { createClient } from '../../src/client'
import { batching } from '../../src/transport/batching'
import type { FetchFunction } from '../../src/transport/types'
import type { DecodeBody } from '../fixtures/DecodeBody'

/** The same calls through our client and through web3.js v1, for one decode body. */
export type Callers = Readonly<{ ours: () => Promise<unknown>; web3: () => Promise<unknown> }>

/**
 * Binds the calls that fetch a decode body, through `createClient({ url })` (batching for the
 * 1,000 transactions, so they travel in one body) and through a web3.js v1 `Connection` on the
 * same URL: `getSignaturesForAddress`, `getParsedTransaction` / `getTransaction` and
 * `getTransactions` (its batch). Both use their default `fetch` unless one is given.
 */
export function createCallers(body: DecodeBody, url: string, fetch?: FetchFunction): Callers {
  const fetchOption = fetch === undefined ? {} : { fetch }
  // Batching only where it is used: a batching client holds each call for a 0 ms timer.
  const ours = createClient({
    url,
    ...fetchOption,
    ...(body.kind === 'jsonTransactions' ? { batch: batching({ maxSize: 1000 }) } : {}),
  })
  const connection = new Connection(url, {
    disableRetryOnRateLimit: true,
    ...(fetch === undefined ? {} : { fetch: fetch as unknown as typeof globalThis.fetch }),
  })
  const [key = ''] = body.keys
  const version = { maxSupportedTransactionVersion: 0 }
  switch (body.kind) {
    case 'signaturePage': {
      const address = new PublicKey(key)
      return {
        ours: () => ours.getSignaturesForAddress(key, { limit: 1000 }),
        web3: () => connection.getSignaturesForAddress(address, { limit: 1000 }),
      }
    }
    case 'parsedTransaction':
      return {
        ours: () => ours.getTransaction(key, { encoding: 'jsonParsed', ...version }),
        web3: () => connection.getParsedTransaction(key, version),
      }
    case 'jsonTransactions':
      return {
        ours: () =>
          Promise.all(
            body.keys.map((signature) =>
              ours.getTransaction(signature, { encoding: 'json', ...version }),
            ),
          ),
        web3: () => connection.getTransactions([...body.keys], version),
      }
  }
}
