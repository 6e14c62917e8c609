import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { ResponseShapeError } from '../../src/errors/ConfirmedRpcError'

const address = bs58.encode(new Uint8Array(32).fill(5))
const good = bs58.encode(new Uint8Array(64).fill(6))

describe('fetchPage', () => {
  it('blames the server, not the caller, for a cursor signature that is not base58', async () => {
    const page = [
      { signature: good, slot: 10, err: null, memo: null, blockTime: null },
      { signature: 'not-base58-0OIl', slot: 9, err: null, memo: null, blockTime: null },
    ]
    const sent: string[] = []
    const client = createClient({
      transport: async (request) => {
        sent.push(request.method)
        return page
      },
      methods: 'deprecated',
      deprecationWarnings: false,
    })
    const walk = client.signaturesForAddress(address, { pageSize: 2 })
    const error = await (async () => {
      for await (const _ of walk) {
        // drain
      }
    })().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseShapeError)
    // The walk calls getSignaturesForAddress, and the error names it; under `methods:
    // 'deprecated'` the page went on the wire under the deprecated name.
    expect(sent).toEqual(['getConfirmedSignaturesForAddress2'])
    expect((error as ResponseShapeError).context).toMatchObject({
      path: '$[1].signature',
      method: 'getSignaturesForAddress',
    })
  })
})
