import { Connection, PublicKey } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'

// The case the migration layer exists for: web3.js v1 still sends getConfirmedSignaturesForAddress2
// to nodes that removed it.
describe('against web3.js v1 over HTTP, on a 2.x node', () => {
  const ledger = createMockLedger({ seed: 21, profile: 'v2', transactions: 200 })
  const [address = ''] = ledger.addresses()
  let server: MockLedgerServer
  beforeAll(async () => {
    server = await serveMockLedger(ledger)
  })
  afterAll(async () => {
    await server.close()
  })

  it('web3.js fails where the same deprecated call through confirmed-rpc works', async () => {
    const connection = new Connection(server.url, { disableRetryOnRateLimit: true })
    await expect(
      connection.getConfirmedSignaturesForAddress2(new PublicKey(address), { limit: 20 }),
    ).rejects.toThrow('Method not found')

    const sent: string[] = []
    const client = createClient({
      url: server.url,
      u64: 'number',
      deprecationWarnings: false,
      onRequest: (event) => sent.push(event.method),
    })
    const ours = await client.getConfirmedSignaturesForAddress2(new PublicKey(address), {
      limit: 20,
    })
    const theirs = await connection.getSignaturesForAddress(new PublicKey(address), { limit: 20 })
    expect(ours).toEqual(theirs)
    expect(ours).toHaveLength(20)
    // Sent as the replacement from the first call: no refused probe under the deprecated name.
    expect(sent).toEqual(['getSignaturesForAddress'])
  })
})
