import { createProbeGate, type ProbeGate } from './createProbeGate'
import type { MigratingFetchOptions } from './MigratingFetchOptions'
import { originOf } from './originOf'
import { readDeprecatedCall } from './readDeprecatedCall'
import { readMigratingFetchOptions } from './readMigratingFetchOptions'
import { sendProbe } from './sendProbe'
import { sendRewritten } from './sendRewritten'
import { withBody } from './withBody'

/**
 * Returns a `fetch` that keeps `getConfirmedTransaction` and `getConfirmedSignaturesForAddress2`
 * working on nodes that removed them (2.0 on), for code that is not yours to change: give it to
 * web3.js v1 (`new Connection(url, { fetch })`, whose `getConfirmedSignaturesForAddress2` fails
 * on such nodes) or to any JSON-RPC client that takes a `fetch`.
 *
 * It reads POST bodies given as a string, single requests and batches. A deprecated request is
 * sent as its replacement (`getTransaction`, `getSignaturesForAddress`, params mapped as
 * `toReplacementRequest` does) to an origin known to lack it, and the result is mapped back to the
 * deprecated shape (`toDeprecatedResult`), with the same ids and order; integers above 2^53-1
 * keep their exact digits. Under `methods: 'auto'` an origin is known to lack the methods once it
 * answered one with -32601: that call is sent again as the replacement (in a batch, only its
 * deprecated requests are), and calls made meanwhile wait for that one probe. A deprecated call
 * the node answers comes back with the node's status, headers and exact bytes. Every other
 * request is sent exactly as it was made, and its response returned as it is. JSON-RPC errors stay
 * in the response, as the node sent them; only the underlying `fetch` throws.
 *
 * What the returned `fetch` knows about each origin lives in it: create one and share it.
 *
 * @see docs/migration.md
 * @example
 * ```ts
 * import { Connection, PublicKey } from '@solana/web3.js'
 * import { createMigratingFetch } from 'confirmed-rpc/web3js'
 *
 * const connection = new Connection('https://rpc.example.com', { fetch: createMigratingFetch() })
 * // Sent as getConfirmedSignaturesForAddress2; on a node from 2.0 on, once that fails, as
 * // getSignaturesForAddress, with the answer in the deprecated shape.
 * const page = await connection.getConfirmedSignaturesForAddress2(
 *   new PublicKey('Vote111111111111111111111111111111111111111'),
 *   { limit: 10 },
 * )
 * console.log(page.map((entry) => entry.signature))
 * ```
 */
export function createMigratingFetch(
  options?: MigratingFetchOptions | undefined,
): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const { fetch, methods } = readMigratingFetchOptions(options)
  const gates = new Map<string, ProbeGate>()
  const gateOf = (input: string | URL | Request): ProbeGate => {
    const origin = originOf(input)
    const known = gates.get(origin)
    if (known !== undefined) return known
    const gate = createProbeGate()
    gates.set(origin, gate)
    return gate
  }
  return async (...args) => {
    const [input, init] = args
    const call = readDeprecatedCall(init)
    if (call === undefined || init === undefined) return fetch(...args)
    const send = {
      asIs: () => fetch(...args),
      withBody: (body: string) => fetch(input, withBody(init, body)),
    }
    if (methods === 'replacement') return sendRewritten(call, send.withBody)
    const ticket = await gateOf(input)(init.signal)
    if (ticket.rewrite) return sendRewritten(call, send.withBody)
    return sendProbe(call, send, ticket.leave)
  }
}
