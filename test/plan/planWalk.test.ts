import { describe, expect, it } from 'vitest'
import { planWalk, signaturesForAddress } from '../../src/actions/index'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import { BUILT_IN_PRICES } from '../../src/plan/priceTables'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { sharedState } from '../support/sharedLedger'
import { countingTransport, ROUND_TRIP_MS, relativeError, walkActually } from './planSupport'

// One era (1.18, 4.x and the archives share it): a node that reads block cursors and serves the
// provider method, one that does not serve it, and Old Faithful, which reads no foreign cursor.
const state = sharedState({ seed: 3, transactions: 5_000, profile: 'v4' })
const provider = ['getTransactionsForAddress'] as const

describe('planWalk against the walks it plans (5,000-transaction ledger)', () => {
  const cases = [
    { profile: 'v4', providerMethods: provider },
    { profile: 'superbank', providerMethods: [] },
    { profile: 'old-faithful', providerMethods: [] },
  ] as const
  for (const { profile, providerMethods } of cases) {
    for (const rank of [0, 3]) {
      it(`${profile}, the address of rank ${rank}: entries within 10 %, requests within 15 %`, async () => {
        const ledger = createMockLedger({ state, profile, providerMethods })
        const address = ledger.addresses()[rank] as string
        const counter = countingTransport(ledger.transport, ROUND_TRIP_MS)
        const plan = await planWalk({ transport: counter.transport }, address)
        expect(plan.requests).toBe(counter.total())
        expect(plan.requests).toBeLessThanOrEqual(30)
        const names = plan.strategies.map((strategy) => strategy.name)
        expect(names).toEqual(
          providerMethods.length > 0
            ? ['sequential', 'rangeWalker', 'provider']
            : ['sequential', 'rangeWalker'],
        )
        const actualEntries = ledger.signatures(address).length
        expect(Math.abs(relativeError(plan.entries, actualEntries))).toBeLessThanOrEqual(0.1)
        for (const strategy of plan.strategies) {
          const actual = await walkActually(counter, address, strategy)
          expect(actual.entries).toBe(actualEntries)
          expect(Math.abs(relativeError(strategy.total, actual.total))).toBeLessThanOrEqual(0.15)
          expect(Object.keys(strategy.requests).sort()).toEqual(Object.keys(actual.counts).sort())
        }
      })
    }
  }

  it('shares its probes with the walks over its transport: neither asks what the other did', async () => {
    // A walk through the provider first: it asks whether the endpoint serves the method.
    const served = createMockLedger({ state, profile: 'v4', providerMethods: provider })
    const address = served.addresses()[3] as string
    const counter = countingTransport(served.transport, ROUND_TRIP_MS)
    const walker = rangeWalker({ parallel: 8, provider: true })
    for await (const _ of signaturesForAddress(counter, address, { walker }).pages()) {
      // drained
    }
    const asked = counter.counts.getTransactionsForAddress ?? 0
    const sent = counter.total()
    const plan = await planWalk({ transport: counter.transport }, address)
    expect(plan.requests).toBe(counter.total() - sent)
    // The plan samples through block cursors there: it sends the provider method not at all.
    expect(counter.counts.getTransactionsForAddress).toBe(asked)
    expect(plan.strategies.map((strategy) => strategy.name)).toContain('provider')

    // Old Faithful: the plan's probe says no, and the range walk after it cuts nothing.
    const archive = createMockLedger({ state, profile: 'old-faithful' })
    const other = archive.addresses()[3] as string
    const archived = countingTransport(archive.transport, ROUND_TRIP_MS)
    const planned = await planWalk({ transport: archived.transport }, other)
    const strategy = planned.strategies.find((s) => s.name === 'rangeWalker')
    if (strategy === undefined) throw new Error('no rangeWalker strategy')
    const walked = await walkActually(archived, other, strategy)
    expect(walked.counts).toEqual({ getFirstAvailableBlock: 1, getSignaturesForAddress: 4 })
    expect(strategy.requests).toEqual(walked.counts)
  })

  it('counts one getTransaction per entry with transactions, and prices every request', async () => {
    const ledger = createMockLedger({ state, profile: 'v4', providerMethods: provider })
    const address = ledger.addresses()[3] as string
    const plan = await planWalk({ transport: ledger.transport }, address, {
      transactions: true,
      prices: 'helius',
      requestsPerSecond: 10,
    })
    const helius = BUILT_IN_PRICES.helius
    expect(plan.prices).toEqual({
      name: 'helius',
      unit: 'credits',
      source: 'https://www.helius.dev/docs/billing/credits',
      read: helius.read,
    })
    for (const strategy of plan.strategies) {
      expect(strategy.requests.getTransaction).toBe(plan.entries)
      const credits = Object.entries(strategy.requests).reduce(
        (sum, [method, count]) => sum + count * (helius.methods[method] ?? 1),
        0,
      )
      expect(strategy.credits).toBe(credits)
      expect(strategy.unpriced).toBeUndefined()
      // Held to 10 requests a second, no walk is quicker than its requests at that rate.
      expect(strategy.seconds).toBeGreaterThanOrEqual(strategy.total / 10)
    }
  })

  it('lists the methods a table has no price for (Alchemy: the span lookups)', async () => {
    const ledger = createMockLedger({ state, profile: 'v4' })
    const plan = await planWalk({ transport: ledger.transport }, ledger.addresses()[3] as string, {
      prices: 'alchemy',
    })
    const walker = plan.strategies.find((strategy) => strategy.name === 'rangeWalker')
    // The span's bottom, and the windows searched below the targets whose block is empty.
    expect(walker?.unpriced).toEqual(['getFirstAvailableBlock', 'getBlocks'])
    const sequential = plan.strategies.find((strategy) => strategy.name === 'sequential')
    expect(sequential?.credits).toBe((sequential?.total ?? 0) * 20)
  })

  it('plans a wallet walk: its entries and requests near the walk’s', async () => {
    const ledger = createMockLedger({ state, profile: 'v4' })
    const [owner = ''] = ledger.walletOwners()
    const counter = countingTransport(ledger.transport, ROUND_TRIP_MS)
    const plan = await planWalk({ transport: counter.transport }, owner, { wallet: true })
    expect(counter.total()).toBeLessThanOrEqual(30)
    const wallet = plan.strategies.find((strategy) => strategy.name === 'wallet')
    if (wallet === undefined) throw new Error('no wallet strategy')
    const actual = await walkActually(counter, owner, wallet)
    expect(actual.entries).toBe(ledger.walletSignatures(owner).length)
    expect(Math.abs(relativeError(plan.entries, actual.entries))).toBeLessThanOrEqual(0.1)
    expect(Math.abs(relativeError(wallet.total, actual.total))).toBeLessThanOrEqual(0.15)
  })
})

describe('planWalk refuses bad input before any request', () => {
  const ledger = createMockLedger({ state, profile: 'v4' })
  const address = ledger.addresses()[0] as string
  const refused = async (options: unknown, param: string, reason: RegExp) => {
    const counter = countingTransport(ledger.transport)
    const error = await planWalk({ transport: counter.transport }, address, options as never).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(isConfirmedRpcError(error, 'INVALID_PARAM')).toBe(true)
    if (!isConfirmedRpcError(error, 'INVALID_PARAM')) return
    expect(error.context.param).toBe(param)
    expect(error.context.reason).toMatch(reason)
    expect(counter.total()).toBe(0)
  }

  it('an unknown option, a parallel out of range, a rate of 0', async () => {
    await refused({ lanes: 4 }, 'options.lanes', /unknown/i)
    await refused({ parallel: 65 }, 'options.parallel', /64/)
    await refused({ requestsPerSecond: 0 }, 'options.requestsPerSecond', /> 0/)
  })

  it('quicknode, with the way to price it', async () => {
    await refused({ prices: 'quicknode' }, 'options.prices', /JSON price file/)
  })

  it('a price table with a bad price, a bad method name, an unknown key', async () => {
    const table = { name: 'mine', methods: { getTransaction: 1 } }
    await refused(
      { prices: { ...table, methods: { getTransaction: -1 } } },
      'options.prices.methods.getTransaction',
      />= 0/,
    )
    await refused(
      { prices: { ...table, methods: { __proto__x: 1 } } },
      'options.prices.methods.__proto__x',
      /method name/,
    )
    await refused({ prices: { ...table, cost: 2 } }, 'options.prices.cost', /unknown/i)
    await refused({ prices: { methods: {} } }, 'options.prices.name', /name/)
  })

  it('a table of one’s own over a built-in one replaces the prices it names', async () => {
    const plan = await planWalk({ transport: ledger.transport }, address, {
      prices: {
        name: 'discounted',
        extends: 'helius',
        methods: { getSignaturesForAddress: 5 },
      } as never,
    })
    const sequential = plan.strategies.find((strategy) => strategy.name === 'sequential')
    expect(sequential?.credits).toBe((sequential?.total ?? 0) * 5)
    expect(plan.prices?.name).toBe('discounted')
  })
})
