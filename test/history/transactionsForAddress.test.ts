import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ActionClient } from '../../src/actions/ActionClient'
import { MAX_DECODED_TRANSACTION_VERSION } from '../../src/actions/getTransaction'
import { InvalidParamError, RpcResponseError } from '../../src/errors/ConfirmedRpcError'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import {
  type TransactionsForAddressOptions,
  transactionsForAddress,
} from '../../src/history/transactionsForAddress'
import { withMethodPolicy } from '../../src/migrate/withMethodPolicy'
import type { U64Mode } from '../../src/schemas/common'
import { createMockLedger, type MockLedger } from '../../src/testing/createMockLedger'
import { profileRules } from '../../src/testing/rpc/profileRules'
import { serveMockLedger } from '../../src/testing/serveMockLedger'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import type { RpcRequest, RpcTransport } from '../../src/transport/types'
import { createGate, type Intercept, instrumentTransport } from '../support/scriptedTransport'
import { sharedLedger } from '../support/sharedLedger'
import { PROFILES } from '../support/walkSetup'

const isLookup = (request: RpcRequest) =>
  request.method === 'getTransaction' || request.method === 'getConfirmedTransaction'

/**
 * A client as `createClient` builds it: the policy reads versioned transactions (`version`, the
 * client-wide `maxSupportedTransactionVersion`) unless given `null` (legacy only).
 */
function setup(
  inner: RpcTransport,
  intercept?: Intercept,
  u64: U64Mode = 'number',
  version: number | null = 0,
) {
  const wire = instrumentTransport(inner, intercept)
  const context: ActionClient<U64Mode> = {
    transport: withMethodPolicy(wire.transport, {
      deprecationWarnings: false,
      maxSupportedTransactionVersion: version ?? undefined,
    }),
    u64,
  }
  return { wire, context }
}

/** Counts the transaction lookups running at once, each held for a few event-loop turns. */
function slowLookups() {
  let running = 0
  let peak = 0
  const intercept: Intercept = async (request, next) => {
    if (!isLookup(request)) return next(request)
    running++
    peak = Math.max(peak, running)
    try {
      await new Promise((resolve) => setTimeout(resolve, 2))
      return await next(request)
    } finally {
      running--
    }
  }
  return { intercept, peak: () => peak }
}

let v118: MockLedger
let v4: MockLedger
let address: string

beforeAll(() => {
  v118 = sharedLedger({ seed: 31, transactions: 400 })
  v4 = createMockLedger({ state: v118.state, profile: 'v4' })
  address = v118.addresses()[2] as string
})

describe('transactionsForAddress', () => {
  it.each(PROFILES)(
    'yields every entry with its transaction, in history order (%s)',
    async (profile) => {
      // Each profile on its own ledger: the one a node of that release could hold.
      const ledger = sharedLedger({ seed: 31, transactions: 400, profile })
      const address = ledger.addresses()[2] as string
      // Exact u64 values: a 4.2 ledger's history holds balances above 2^53-1.
      const { context } = setup(ledger.transport, undefined, 'bigint')
      const expected = ledger.signatures(address).map((info) => info.signature)
      const got: string[] = []
      const walk = transactionsForAddress(context, address, { pageSize: 17 })
      for await (const { info, transaction } of walk) {
        got.push(info.signature)
        expect(transaction?.slot).toBe(info.slot)
        expect(transaction?.transaction.signatures[0]).toBe(info.signature)
        // `version` needs maxSupportedTransactionVersion, which nodes read from 1.10.
        if (profileRules(profile).versionParam) expect(transaction?.version).toBeDefined()
      }
      expect(got).toEqual(expected)
    },
  )

  it('keeps at most `concurrency` lookups in flight, and keeps the order', async () => {
    const slow = slowLookups()
    const { context } = setup(v118.transport, slow.intercept)
    const walk = transactionsForAddress(context, address, { concurrency: 3, limit: 40 })
    const got: string[] = []
    for await (const { info } of walk) got.push(info.signature)
    expect(got).toEqual(
      v118
        .signatures(address)
        .slice(0, 40)
        .map((info) => info.signature),
    )
    expect(slow.peak()).toBe(3)
    expect(walk.checkpoint()).toMatchObject({ remaining: 0, done: true })
  })

  it('yields in order when lookups finish out of order', async () => {
    let call = 0
    const { context } = setup(v118.transport, async (request, next) => {
      if (isLookup(request) && call++ % 2 === 0) {
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      return next(request)
    })
    const got: string[] = []
    for await (const { info, transaction } of transactionsForAddress(context, address, {
      limit: 12,
      concurrency: 6,
      encoding: 'base64',
    })) {
      got.push(info.signature)
      expect(transaction?.transaction[1]).toBe('base64')
    }
    expect(got).toEqual(
      v118
        .signatures(address)
        .slice(0, 12)
        .map((info) => info.signature),
    )
  })

  it('asks again for a transaction a lagging node does not have yet', async () => {
    const nulls = new Set<string>()
    const { context } = setup(v118.transport, (request, next) => {
      const signature = request.params[0] as string
      if (isLookup(request) && !nulls.has(signature)) {
        nulls.add(signature)
        return Promise.resolve(null)
      }
      return next(request)
    })
    const options = { limit: 5, pageRetryDelayMs: 0 }
    for await (const { transaction } of transactionsForAddress(context, address, options)) {
      expect(transaction).not.toBeNull()
    }
    const { context: once } = setup(v118.transport, (request, next) =>
      isLookup(request) ? Promise.resolve(null) : next(request),
    )
    for await (const { transaction } of transactionsForAddress(once, address, {
      ...options,
      pageRetries: 0,
    })) {
      expect(transaction).toBeNull()
    }
  })

  it('fails at the entry whose lookup fails, after yielding the ones before it', async () => {
    const history = v118.signatures(address).map((info) => info.signature)
    const { context, wire } = setup(v118.transport, (request, next) =>
      isLookup(request) && request.params[0] === history[7]
        ? Promise.reject(
            new RpcResponseError({
              shortMessage: 'boom',
              context: { rpcCode: -32603, rpcMessage: 'Internal error' },
            }),
          )
        : next(request),
    )
    const got: string[] = []
    const error = await (async () => {
      for await (const { info } of transactionsForAddress(context, address, { concurrency: 4 })) {
        got.push(info.signature)
      }
    })().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RpcResponseError)
    expect(got).toEqual(history.slice(0, 7))
    expect(wire.inFlight()).toBe(0)
  })

  it('cancels and awaits the lookups and the page request when the loop breaks', async () => {
    const gate = createGate()
    let lookups = 0
    const { context, wire } = setup(v118.transport, async (request, next, _call, options) => {
      if (isLookup(request) && lookups++ > 0) await gate.wait(options?.signal, request.method)
      return next(request)
    })
    const walk = transactionsForAddress(context, address, { concurrency: 5, pageSize: 3 })
    for await (const _ of walk) {
      // The first lookup is done; five more are held (the most `concurrency` allows).
      await vi.waitFor(() => expect(lookups).toBe(6))
      break
    }
    expect(wire.inFlight()).toBe(0)
    expect(wire.signals.filter((signal) => signal?.aborted).length).toBeGreaterThanOrEqual(4)
    expect(walk.checkpoint().before).toBe(v118.signatures(address)[0]?.signature)
    gate.open()
  })

  it('ends cleanly on abort; the checkpoint resumes either walk where it stopped', async () => {
    const controller = new AbortController()
    const { context, wire } = setup(v118.transport)
    const walk = transactionsForAddress(context, address, {
      signal: controller.signal,
      concurrency: 4,
    })
    const got: string[] = []
    for await (const { info } of walk) {
      got.push(info.signature)
      if (got.length === 9) controller.abort()
    }
    expect(got).toHaveLength(9)
    expect(wire.inFlight()).toBe(0)
    expect(walk.checkpoint()).toMatchObject({ before: got[8], done: false })
    const rest: string[] = []
    for await (const info of signaturesForAddress(context, address, {
      resume: walk.checkpoint(),
    })) {
      rest.push(info.signature)
    }
    expect([...got, ...rest]).toEqual(v118.signatures(address).map((info) => info.signature))
  })

  it("fetches with getTransaction at the decoders' highest version when none is set anywhere", async () => {
    // No version on the policy nor on the walk: the walk still sends its own.
    const { context, wire } = setup(v118.transport, undefined, 'number', null)
    const v0 = v118
      .signatures(address)
      .filter((info) => v118.transaction(info.signature)?.message.version === 0)
    expect(v0.length).toBeGreaterThan(0)
    const got: ('legacy' | number | undefined)[] = []
    for await (const { transaction } of transactionsForAddress(context, address)) {
      got.push(transaction?.version)
    }
    const lookups = wire.sent.filter(isLookup)
    expect(lookups.length).toBe(v118.signatures(address).length)
    // Walks look transactions up with the replacement, never the deprecated method.
    expect(lookups.every((r) => r.method === 'getTransaction')).toBe(true)
    expect(
      lookups.every(
        (r) =>
          (r.params[1] as { maxSupportedTransactionVersion?: unknown })
            .maxSupportedTransactionVersion === MAX_DECODED_TRANSACTION_VERSION,
      ),
    ).toBe(true)
    // The v0 transactions of this history came back, with their version.
    expect(got.filter((version) => version === 0)).toHaveLength(v0.length)
  })

  it.each<[string, TransactionsForAddressOptions<'json'>, string]>([
    ['encoding', { encoding: 'base32' as 'json' }, 'options.encoding'],
    ['concurrency 0', { concurrency: 0 }, 'options.concurrency'],
    ['concurrency 101', { concurrency: 101 }, 'options.concurrency'],
    ['version', { maxSupportedTransactionVersion: 256 }, 'options.maxSupportedTransactionVersion'],
    ['pageSize', { pageSize: 0 }, 'options.pageSize'],
  ])('rejects a bad %s before any request', (_name, options, param) => {
    const { context, wire } = setup(v118.transport)
    expect(() => transactionsForAddress(context, address, options)).toThrow(InvalidParamError)
    try {
      transactionsForAddress(context, address, options)
    } catch (error) {
      expect((error as InvalidParamError).context.param).toBe(param)
    }
    expect(wire.sent).toHaveLength(0)
  })

  it.each([256, -1, 1.5, '1'])(
    "rejects a client's maxSupportedTransactionVersion of %j before any request",
    (version) => {
      const { context, wire } = setup(v118.transport)
      const client = { ...context, maxSupportedTransactionVersion: version as number }
      expect(() => transactionsForAddress(client, address)).toThrow(
        expect.objectContaining({
          code: 'INVALID_PARAM',
          context: expect.objectContaining({ param: 'client.maxSupportedTransactionVersion' }),
        }),
      )
      expect(wire.sent).toHaveLength(0)
    },
  )
})

describe('transactionsForAddress over HTTP with injected faults', () => {
  let server: Awaited<ReturnType<typeof serveMockLedger>>
  beforeAll(async () => {
    server = await serveMockLedger(v4, {
      faults: {
        rate: 0.25,
        seed: 3,
        kinds: ['rateLimit', 'serverError', 'connectionReset', 'truncatedBody', 'staleNode'],
        staleSlots: 30,
        retryAfterSeconds: 0,
      },
    })
  })
  afterAll(() => server.close())

  it('yields every transaction exactly', async () => {
    const http = createHttpTransport({
      url: server.url,
      retry: { attempts: 12, baseDelayMs: 1, maxDelayMs: 4 },
    })
    // Some balances of this ledger exceed 2^53-1.
    const { context } = setup(http, undefined, 'bigint')
    const busiest = v4.addresses()[0] as string
    const got: string[] = []
    for await (const { info, transaction } of transactionsForAddress(context, busiest, {
      pageSize: 50,
      concurrency: 8,
      pageRetryDelayMs: 1,
      emptyPageChecks: 2,
    })) {
      got.push(info.signature)
      expect(transaction?.transaction.signatures[0]).toBe(info.signature)
      expect(transaction?.slot).toBe(BigInt(info.slot))
    }
    expect(got).toEqual(v4.signatures(busiest).map((info) => info.signature))
    expect(server.stats.faults.staleNode).toBeGreaterThan(0)
  })
})
