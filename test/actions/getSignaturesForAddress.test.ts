import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { RpcResponseError } from '../../src/errors/ConfirmedRpcError'
import type { LedgerProfile } from '../../src/testing/ledger/types'
import { profileRules } from '../../src/testing/rpc/profileRules'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { sharedLedger } from '../support/sharedLedger'

const PROFILES: readonly LedgerProfile[] = ['v1.3', 'v1.6', 'v1.9', 'v1.14', 'v1.18', 'v2', 'v4']
const ledger = sharedLedger({ seed: 6, transactions: 600, profile: 'v4' })
const [busiest = ''] = ledger.addresses()
let server: MockLedgerServer

beforeAll(async () => {
  server = await serveMockLedger(ledger, { port: 0 })
})
afterAll(() => server.close())

describe('getSignaturesForAddress over HTTP (Agave 4.x profile)', () => {
  it('returns entries with transactionIndex, as 4.x nodes do', async () => {
    const client = createClient({ url: server.url, retry: false, u64: 'number' })
    const page = await client.getSignaturesForAddress(busiest, {
      limit: 5,
      commitment: 'confirmed',
    })
    const oracle = ledger.signatures(busiest, { commitment: 'confirmed' }).slice(0, 5)
    expect(page).toEqual(oracle)
    expect(typeof page[0]?.transactionIndex).toBe('number')
  })

  it('sends minContextSlot, and surfaces -32016 when the node is behind it', async () => {
    const client = createClient({ url: server.url, retry: false, u64: 'number' })
    const error = await client
      .getSignaturesForAddress(busiest, { minContextSlot: ledger.state.frontiers.processed + 1000 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcResponseError)
    expect((error as RpcResponseError).context.rpcCode).toBe(-32016)
    expect((error as RpcResponseError).context.data).toEqual({
      contextSlot: ledger.state.frontiers.finalized,
    })
  })

  it('returns slots as bigints in bigint mode', async () => {
    const client = createClient({ url: server.url, u64: 'bigint' })
    const [first] = await client.getSignaturesForAddress(busiest, { limit: 1 })
    expect(first?.slot).toBe(BigInt(ledger.signatures(busiest)[0]?.slot ?? -1))
  })
})

describe.each(PROFILES)('getSignaturesForAddress on a %s node', (profile) => {
  const node = sharedLedger({ seed: 6, transactions: 200, profile })
  const rules = profileRules(profile)
  const [address = ''] = node.addresses()
  const client = createClient({
    transport: node.transport,
    u64: 'number',
    deprecationWarnings: false,
  })

  it('returns the oracle page, with the fields the release sends', async () => {
    // Before 1.7 the client's 'auto' policy sends getConfirmedSignaturesForAddress2 instead.
    const page = await client.getSignaturesForAddress(address, {
      limit: 20,
      commitment: 'confirmed',
    })
    const oracle = node.signatures(address, { commitment: 'confirmed' }).slice(0, 20)
    expect(page).toEqual(oracle)
    expect(page.every((info) => 'blockTime' in info)).toBe(rules.blockTime)
    expect(page.every((info) => 'confirmationStatus' in info)).toBe(rules.confirmationStatus)
    expect(page.every((info) => 'transactionIndex' in info)).toBe(rules.transactionIndex)
  })

  it('honours minContextSlot where the release reads it, and ignores it before (1.10)', async () => {
    const outcome = await client
      .getSignaturesForAddress(address, {
        limit: 3,
        minContextSlot: node.state.frontiers.processed + 1000,
      })
      .catch((e: unknown) => e)
    if (rules.minContextSlotParam) {
      expect((outcome as RpcResponseError).context.rpcCode).toBe(-32016)
    } else {
      expect(outcome).toEqual(node.signatures(address).slice(0, 3))
    }
  })
})
