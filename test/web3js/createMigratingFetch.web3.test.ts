import { Connection, PublicKey } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockLedger, type MockLedger } from '../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { createMigratingFetch } from '../../src/web3js/createMigratingFetch'

// web3.js v1 (1.98) still sends getConfirmedSignaturesForAddress2 as itself; its
// getConfirmedTransaction family already goes out as getTransaction, so those are sent here as
// the raw bodies older web3.js versions sent (singly, and batched by
// getParsedConfirmedTransactions).
const PROFILES = ['v1.18', 'v2', 'v4'] as const
type Profile = (typeof PROFILES)[number]

const base = createMockLedger({ seed: 33, profile: 'v1.18', transactions: 300 })
const ledgers: Record<Profile, MockLedger> = {
  'v1.18': base,
  v2: createMockLedger({ state: base.state, profile: 'v2' }),
  v4: createMockLedger({ state: base.state, profile: 'v4' }),
}
const [busiest = ''] = base.addresses()
const history = base.signatures(busiest)
const servers = {} as Record<Profile, MockLedgerServer>

beforeAll(async () => {
  for (const profile of PROFILES) servers[profile] = await serveMockLedger(ledgers[profile])
})
afterAll(async () => {
  await Promise.all(PROFILES.map((profile) => servers[profile].close()))
})

const at = (index: number): string => history[index]?.signature ?? ''

/** The entries web3.js reads, in the deprecated shape: without 4.x's `transactionIndex`. */
function oracle(profile: Profile, from: number, to: number) {
  return ledgers[profile]
    .signatures(busiest)
    .slice(from, to)
    .map(({ transactionIndex: _index, ...entry }) => entry)
}

/** The raw body an older web3.js sent for getParsedConfirmedTransaction. */
const parsedConfirmedTransaction = (signature: string, id: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'getConfirmedTransaction',
  params: [signature, 'jsonParsed'],
})

async function postJson(
  fetch: (input: string, init: RequestInit) => Promise<Response>,
  url: string,
  body: unknown,
): Promise<unknown> {
  const init = { method: 'POST', headers: { 'content-type': 'application/json' } }
  const response = await fetch(url, { ...init, body: JSON.stringify(body) })
  return JSON.parse(await response.text())
}

describe('getConfirmedSignaturesForAddress2 through web3.js v1', () => {
  const config = { before: at(3), until: at(40), limit: 25 }

  it.each(PROFILES)('%s: the same page as 1.18 and as the oracle', async (profile) => {
    const migrating = new Connection(servers[profile].url, {
      fetch: createMigratingFetch(),
      disableRetryOnRateLimit: true,
    })
    const page = await migrating.getConfirmedSignaturesForAddress2(new PublicKey(busiest), config)
    expect(page).toHaveLength(25)
    expect(page).toEqual(oracle(profile, 4, 29))
    expect(page).toEqual(oracle('v1.18', 4, 29))
    expect(page.some((entry) => 'transactionIndex' in entry)).toBe(false)
  })

  it.each(['v2', 'v4'] as const)('%s: fails without the migrating fetch', async (profile) => {
    const plain = new Connection(servers[profile].url, { disableRetryOnRateLimit: true })
    await expect(
      plain.getConfirmedSignaturesForAddress2(new PublicKey(busiest), config),
    ).rejects.toThrow('Method not found')
  })

  it('v4: a JSON-RPC error of the replacement reaches web3.js as one', async () => {
    const unknown = createMockLedger({ seed: 34, profile: 'v1.18', transactions: 20 })
    const [other = ''] = unknown.addresses()
    const stranger = unknown.signatures(other)[0]?.signature ?? ''
    const migrating = new Connection(servers.v4.url, { fetch: createMigratingFetch() })
    await expect(
      migrating.getConfirmedSignaturesForAddress2(new PublicKey(busiest), { before: stranger }),
    ).rejects.toMatchObject({ code: -32020 })
  })

  it('sends one probe per origin when web3.js calls at once', async () => {
    const fetch = createMigratingFetch()
    for (const profile of ['v2', 'v4'] as const) {
      const before = servers[profile].stats.requests
      const connection = new Connection(servers[profile].url, { fetch })
      const pages = await Promise.all(
        [0, 5, 10, 15, 20].map((from) =>
          connection.getConfirmedSignaturesForAddress2(new PublicKey(busiest), {
            before: at(from),
            limit: 5,
          }),
        ),
      )
      expect(pages).toEqual([1, 6, 11, 16, 21].map((from) => oracle(profile, from, from + 5)))
      // The probe, its replacement, and the four others rewritten before they were sent.
      expect(servers[profile].stats.requests - before).toBe(1 + 5)
    }
  })
})

describe('getConfirmedTransaction as older web3.js versions sent it', () => {
  const signatures = [at(0), at(1), at(2)]

  /** What 1.18 answers to the deprecated call: the shape every profile must give back. */
  async function onV118(body: unknown): Promise<unknown> {
    return postJson(globalThis.fetch, servers['v1.18'].url, body)
  }

  /** The replacement's answer on a profile, as toDeprecatedResult shapes it. */
  async function expected(profile: Profile, signature: string, id: string) {
    if (profile !== 'v4') return onV118(parsedConfirmedTransaction(signature, id))
    const replacement = { ...parsedConfirmedTransaction(signature, id), method: 'getTransaction' }
    const answer = (await postJson(globalThis.fetch, servers.v4.url, replacement)) as {
      result: Record<string, unknown>
    }
    const { transactionIndex, ...result } = answer.result
    expect(transactionIndex).toEqual(expect.any(Number))
    return { ...answer, result }
  }

  it.each(PROFILES)('%s: singly, in the deprecated shape', async (profile) => {
    const fetch = createMigratingFetch()
    for (const [index, signature] of signatures.entries()) {
      const answer = await postJson(
        fetch,
        servers[profile].url,
        parsedConfirmedTransaction(signature, `tx-${index}`),
      )
      expect(answer).toEqual(await expected(profile, signature, `tx-${index}`))
      expect(answer).toMatchObject({ id: `tx-${index}`, result: { slot: expect.any(Number) } })
    }
  })

  it.each(PROFILES)('%s: as a getParsedConfirmedTransactions batch', async (profile) => {
    const batch = signatures.map((signature, index) =>
      parsedConfirmedTransaction(signature, `${index}`),
    )
    const answer = await postJson(createMigratingFetch(), servers[profile].url, batch)
    expect(answer).toEqual(
      await Promise.all(
        signatures.map((signature, index) => expected(profile, signature, `${index}`)),
      ),
    )
  })

  it('v2: equals what 1.18 answers to the deprecated method', async () => {
    const batch = signatures.map((signature, index) =>
      parsedConfirmedTransaction(signature, `${index}`),
    )
    expect(await postJson(createMigratingFetch(), servers.v2.url, batch)).toEqual(
      await onV118(batch),
    )
  })

  it.each(['v2', 'v4'] as const)('%s: -32601 without the migrating fetch', async (profile) => {
    const single = parsedConfirmedTransaction(at(0), 'a')
    const error = { code: -32601, message: 'Method not found' }
    expect(await postJson(globalThis.fetch, servers[profile].url, single)).toMatchObject({ error })
    expect(await postJson(globalThis.fetch, servers[profile].url, [single])).toMatchObject([
      { error },
    ])
  })

  it.each(PROFILES)(
    '%s: web3.js 1.98 getParsedConfirmedTransaction passes through',
    async (profile) => {
      const connection = new Connection(servers[profile].url, { fetch: createMigratingFetch() })
      const plain = new Connection(servers[profile].url)
      const parsed = await connection.getParsedConfirmedTransaction(at(0))
      expect(parsed).toEqual(await plain.getParsedConfirmedTransaction(at(0)))
      expect(parsed?.slot).toBe(history[0]?.slot)
    },
  )
})
