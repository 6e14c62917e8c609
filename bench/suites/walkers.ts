import { Connection, PublicKey } from '@solana/web3.js'
import { createClient } from '../../src/client'
import type { FetchFunction } from '../../src/transport/types'

/** Walks an address's whole history at `url`, 1,000 entries a page; resolves with the count. */
export type Walker = (url: string, address: string) => Promise<number>

type SignatureEntry = { signature: string }

/**
 * The floor: `fetch` + `JSON.parse` in a loop, `before` = the last signature, until a short page.
 * No checks at all, as a hand-written loop would do.
 */
export function rawWalker(fetchFn: FetchFunction): Walker {
  return async (url, address) => {
    let count = 0
    let before: string | undefined
    for (let id = 1; ; id++) {
      const config = before === undefined ? { limit: 1000 } : { limit: 1000, before }
      const response = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'getSignaturesForAddress',
          params: [address, config],
        }),
      })
      const page = (JSON.parse(await response.text()) as { result: SignatureEntry[] }).result
      count += page.length
      if (page.length < 1000) return count
      before = page[page.length - 1]?.signature
    }
  }
}

/**
 * Our pager, `client.signaturesForAddress`, with the client's defaults (but for the deprecation
 * notice) or a given `fetch`.
 */
export function oursWalker(fetchFn?: FetchFunction): Walker {
  return async (url, address) => {
    const client = createClient({
      url,
      deprecationWarnings: false,
      ...(fetchFn === undefined ? {} : { fetch: fetchFn }),
    })
    let count = 0
    for await (const _ of client.signaturesForAddress(address, { pageSize: 1000 })) count++
    return count
  }
}

/** The same loop as {@link rawWalker} through web3.js v1's `getSignaturesForAddress`. */
export function web3Walker(): Walker {
  return async (url, address) => {
    const connection = new Connection(url, { disableRetryOnRateLimit: true })
    const key = new PublicKey(address)
    let count = 0
    let before: string | undefined
    for (;;) {
      const options = before === undefined ? { limit: 1000 } : { limit: 1000, before }
      const page = await connection.getSignaturesForAddress(key, options)
      count += page.length
      if (page.length < 1000) return count
      before = page[page.length - 1]?.signature
    }
  }
}
