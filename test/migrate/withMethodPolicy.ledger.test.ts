import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { GetConfirmedTransactionParams } from '../../src/actions/getTransaction'
import { createClient } from '../../src/client'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import { toReplacementRequest } from '../../src/migrate/mappings'
import {
  type MethodsPolicy,
  resetDeprecationWarnings,
  withMethodPolicy,
} from '../../src/migrate/withMethodPolicy'
import type { SignatureInfo } from '../../src/schemas/SignatureInfo'
import type { MockLedger } from '../../src/testing/createMockLedger'
import { profileRules } from '../../src/testing/rpc/profileRules'
import type { RpcTransport } from '../../src/transport/types'
import { instrumentTransport, refusingOverHttp } from '../support/scriptedTransport'
import { sharedLedger } from '../support/sharedLedger'

const PROFILES = ['v1.3', 'v1.6', 'v1.9', 'v1.14', 'v1.18', 'v2', 'v4'] as const
const POLICIES: readonly MethodsPolicy[] = ['auto', 'replacement', 'deprecated']
/** Every encoding, in the bare string form and in the config object form. */
const TX_PARAMS: readonly (GetConfirmedTransactionParams | undefined)[] = [
  undefined,
  'json',
  'jsonParsed',
  'base58',
  'base64',
  { encoding: 'json' },
  { encoding: 'jsonParsed', commitment: 'confirmed' },
  { encoding: 'base58', commitment: 'finalized' },
  { encoding: 'base64', commitment: 'confirmed' },
]

/** The scripted transport over `inner`, recording the methods sent and counting -32601 answers. */
function counting(inner: RpcTransport) {
  const sent: string[] = []
  let notFound = 0
  const wire = instrumentTransport(inner, async (request, next) => {
    sent.push(request.method)
    try {
      return await next(request)
    } catch (error) {
      if (isConfirmedRpcError(error, 'RPC_ERROR') && error.context.rpcCode === -32601) notFound++
      throw error
    }
  })
  return { transport: wire.transport, sent, notFound: () => notFound }
}

/** The value, or the error's code (and JSON-RPC code): what a caller can observe. */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await call() }
  } catch (error) {
    if (!isConfirmedRpcError(error)) throw error
    return {
      error: error.code,
      rpcCode: isConfirmedRpcError(error, 'RPC_ERROR') ? error.context.rpcCode : undefined,
    }
  }
}

/** The outcome of a deprecated call: the replacement's, without `transactionIndex`. */
function asDeprecated(result: unknown): unknown {
  const { value } = result as { value?: unknown }
  return value === undefined ? result : { value: withoutIndex(value) }
}

function withoutIndex<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutIndex) as T
  if (typeof value !== 'object' || value === null) return value
  const { transactionIndex: _index, ...rest } = value as Record<string, unknown>
  return rest as T
}

const NOT_FOUND = { error: 'RPC_ERROR', rpcCode: -32601 }

/** A few signatures that cover legacy and v0 transactions, success and failure. */
function sampleSignatures(ledger: MockLedger): string[] {
  const [busiest = '', second = ''] = ledger.addresses()
  const picked = new Set(
    [...ledger.signatures(busiest).slice(0, 12), ...ledger.signatures(second).slice(0, 4)].map(
      (info) => info.signature,
    ),
  )
  const all = [...ledger.state.bySignature.values()]
  const add = (found: (typeof all)[number] | undefined) => found && picked.add(found.signature)
  const finalized = ledger.state.frontiers.finalized
  add(all.find((tx) => tx.message.version === 0 && tx.slot <= finalized))
  add(all.find((tx) => tx.message.version === 'legacy' && tx.meta.err !== null))
  add(all.find((tx) => tx.message.version === 'legacy' && tx.wire.length > 128))
  add(all.find((tx) => tx.message.version === 'legacy' && tx.wire.length <= 128))
  add(all.find((tx) => tx.slot > ledger.state.frontiers.finalized))
  return [...picked]
}

beforeEach(() => {
  resetDeprecationWarnings()
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe.each(PROFILES)('profile %s', (profile) => {
  const ledger = sharedLedger({ seed: 11, profile, transactions: 400 })
  const rules = profileRules(profile)
  const servesDeprecated = rules.deprecatedMethods
  // The replacements arrived in 1.7: the v1.3 and v1.6 profiles answer them with -32601.
  const servesReplacement = rules.replacementMethods
  /** Whether a client with this policy can reach the node at all. */
  const reaches = (methods: MethodsPolicy) =>
    !(methods === 'deprecated' && !servesDeprecated) &&
    !(methods === 'replacement' && !servesReplacement)
  const [busiest = ''] = ledger.addresses()
  const history = ledger.signatures(busiest)
  const client = (methods: MethodsPolicy, transport: RpcTransport = ledger.transport) =>
    createClient({ transport, methods, u64: 'number', deprecationWarnings: false })

  it('has the transactions this suite needs', () => {
    const all = [...ledger.state.bySignature.values()]
    expect(history.length).toBeGreaterThan(120)
    // v0 messages exist from 1.10, the release that reads maxSupportedTransactionVersion.
    expect(all.some((tx) => tx.message.version === 0)).toBe(rules.versionParam)
    expect(all.some((tx) => tx.meta.err !== null)).toBe(true)
  })

  it.each(POLICIES)(
    "the same address history through both calls, methods: '%s'",
    async (methods) => {
      const c = client(methods)
      const walk = async (
        call: 'getConfirmedSignaturesForAddress2' | 'getSignaturesForAddress',
      ) => {
        const out: SignatureInfo<'number'>[] = []
        for (;;) {
          const before = out.at(-1)?.signature
          const page = await c[call](busiest, {
            limit: 37,
            ...(before === undefined ? {} : { before }),
          })
          out.push(...page)
          if (page.length < 37) return out
        }
      }
      if (!reaches(methods)) {
        expect(await outcome(() => walk('getConfirmedSignaturesForAddress2'))).toEqual(NOT_FOUND)
        expect(await outcome(() => walk('getSignaturesForAddress'))).toEqual(NOT_FOUND)
        return
      }
      // The deprecated shape never has transactionIndex (4.x adds it to the replacement).
      expect(await walk('getConfirmedSignaturesForAddress2')).toEqual(withoutIndex(history))
      expect(await walk('getSignaturesForAddress')).toEqual(history)
      const confirmed = ledger.signatures(busiest, { commitment: 'confirmed' })
      const page = await c.getConfirmedSignaturesForAddress2(busiest, {
        commitment: 'confirmed',
        limit: 50,
      })
      expect(page).toEqual(withoutIndex(confirmed.slice(0, 50)))
      expect(page.some((info) => info.confirmationStatus === 'confirmed')).toBe(
        confirmed[0]?.confirmationStatus === 'confirmed',
      )
    },
  )

  it.each(POLICIES)("the pager walks the same history, methods: '%s'", async (methods) => {
    const c = client(methods)
    const walk = async () => {
      const out: SignatureInfo<'number'>[] = []
      const context = { transport: c.transport, u64: 'number' as const }
      for await (const info of signaturesForAddress(context, busiest, {
        pageSize: 50,
        pageRetryDelayMs: 1,
      }))
        out.push(info)
      return out
    }
    if (!reaches(methods)) {
      expect(await outcome(walk)).toEqual(NOT_FOUND)
      return
    }
    // Walks request getSignaturesForAddress: the replacement's shape (transactionIndex on 4.x).
    expect(await walk()).toEqual(history)
  })

  it('the same transactions in every encoding through each path', async () => {
    const signatures = sampleSignatures(ledger)
    const reference = client(servesReplacement ? 'replacement' : 'deprecated')
    const paths = POLICIES.map((methods) => ({ methods, client: client(methods) }))
    let compared = 0
    for (const signature of signatures) {
      const truth = ledger.transaction(signature)
      for (const params of TX_PARAMS) {
        const expected = await outcome(() => reference.getTransaction(signature, params))
        if (!rules.transactionConfigObject && typeof params === 'object') {
          // 1.3 took a bare encoding only (`Option<UiTransactionEncoding>`): the client sends a
          // config of only an encoding in that form, and a `confirmed` commitment, which 1.3
          // cannot serve for this method, as the object it refuses.
          if (params.commitment === 'confirmed') {
            expect(expected).toEqual({ error: 'RPC_ERROR', rpcCode: -32602 })
          } else {
            expect(expected).toHaveProperty('value')
          }
        }
        const value = (expected as { value?: { transaction: unknown; slot: number } }).value
        const visible =
          (truth?.slot ?? 0) <= ledger.state.frontiers.finalized ||
          (typeof params === 'object' && params.commitment === 'confirmed')
        if (truth?.message.version === 0 && visible)
          expect(expected).toEqual({ error: 'RPC_ERROR', rpcCode: -32015 })
        else if (value) expect(value.slot).toBe(truth?.slot)
        if (
          value &&
          (params === 'base64' || (typeof params === 'object' && params.encoding === 'base64'))
        ) {
          expect(value.transaction).toEqual([
            Buffer.from(truth?.wire ?? []).toString('base64'),
            'base64',
          ])
        }
        for (const path of paths) {
          const viaDeprecated = await outcome(() =>
            path.client.getConfirmedTransaction(signature, params),
          )
          const viaReplacement = await outcome(() => path.client.getTransaction(signature, params))
          if (!reaches(path.methods)) {
            expect(viaDeprecated).toEqual(NOT_FOUND)
            expect(viaReplacement).toEqual(NOT_FOUND)
            continue
          }
          expect(viaDeprecated, `${signature} ${JSON.stringify(params)} ${path.methods}`).toEqual(
            asDeprecated(expected),
          )
          expect(viaReplacement, `${signature} ${JSON.stringify(params)} ${path.methods}`).toEqual(
            path.methods === 'deprecated' ? asDeprecated(expected) : expected,
          )
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(
      signatures.length * TX_PARAMS.length * POLICIES.filter(reaches).length,
    )
  })

  it("'auto' sends one refused probe per client before 1.7 and none from 1.7 on, however the calls interleave", async () => {
    const counted = counting(ledger.transport)
    const c = client('auto', counted.transport)
    const signatures = history.slice(0, 6).map((info) => info.signature)
    const context = { transport: c.transport, u64: 'number' as const }
    const pager = async () => {
      let n = 0
      for await (const _info of signaturesForAddress(context, busiest, { pageSize: 20, limit: 45 }))
        n++
      return n
    }
    const [, , , , , , page, walked, viaReplacement] = await Promise.all([
      ...signatures.map((signature) =>
        outcome(() => c.getConfirmedTransaction(signature, 'base64')),
      ),
      c.getConfirmedSignaturesForAddress2(busiest, { limit: 3 }),
      pager(),
      c.getSignaturesForAddress(busiest, { limit: 4 }),
      outcome(() => c.getTransaction(signatures[1] ?? '', 'base64')),
    ])
    expect(page).toEqual(withoutIndex(history.slice(0, 3)))
    expect(walked).toBe(45)
    expect(viaReplacement).toEqual(history.slice(0, 4))
    await c.getConfirmedSignaturesForAddress2(busiest, { limit: 3 })
    await outcome(() => c.getConfirmedTransaction(signatures[0] ?? '', { encoding: 'jsonParsed' }))
    expect(counted.notFound()).toBe(servesReplacement ? 0 : 1)
    const deprecatedSent = counted.sent.filter((method) => method.startsWith('getConfirmed'))
    // Before 1.7 the probe (whichever call went first) is the one replacement request.
    expect(deprecatedSent.length).toBe(servesReplacement ? 0 : counted.sent.length - 1)
    if (!servesReplacement)
      expect(counted.sent[0]).toMatch(/^get(Transaction|SignaturesForAddress)$/)

    const second = counting(ledger.transport)
    const other = client('auto', second.transport)
    await other.getConfirmedSignaturesForAddress2(busiest, { limit: 1 })
    await other.getSignaturesForAddress(busiest, { limit: 1 })
    await other.getConfirmedSignaturesForAddress2(busiest, { limit: 1 })
    expect(second.notFound()).toBe(servesReplacement ? 0 : 1)
    expect(second.sent).toEqual(
      servesReplacement
        ? ['getSignaturesForAddress', 'getSignaturesForAddress', 'getSignaturesForAddress']
        : [
            'getSignaturesForAddress',
            'getConfirmedSignaturesForAddress2',
            'getConfirmedSignaturesForAddress2',
            'getConfirmedSignaturesForAddress2',
          ],
    )
  })

  it("'replacement' never sends a deprecated method, and nothing fails where the node has them", async () => {
    const counted = counting(ledger.transport)
    const c = client('replacement', counted.transport)
    const page = await outcome(() => c.getConfirmedSignaturesForAddress2(busiest, { limit: 5 }))
    await outcome(() => c.getConfirmedTransaction(history[0]?.signature ?? '', 'base64'))
    expect(counted.sent).toEqual(['getSignaturesForAddress', 'getTransaction'])
    expect(counted.notFound()).toBe(servesReplacement ? 0 : 2)
    if (!servesReplacement) expect(page).toEqual(NOT_FOUND)
  })

  it("'auto' sends the replacements as the deprecated methods where the node lacks them, after one probe", async () => {
    const counted = counting(ledger.transport)
    const c = client('auto', counted.transport)
    const legacy = history.find(
      (info) => ledger.transaction(info.signature)?.message.version === 'legacy',
    )
    const signature = legacy?.signature ?? ''
    const page = await c.getSignaturesForAddress(busiest, { limit: 7 })
    const again = await c.getSignaturesForAddress(busiest, {
      limit: 7,
      before: history[6]?.signature ?? '',
    })
    const tx = await c.getTransaction(signature, 'base64')
    expect(page).toEqual(history.slice(0, 7))
    expect(again).toEqual(history.slice(7, 14))
    expect(tx?.transaction).toEqual([
      Buffer.from(ledger.transaction(signature)?.wire ?? []).toString('base64'),
      'base64',
    ])
    expect(counted.notFound()).toBe(servesReplacement ? 0 : 1)
    expect(counted.sent).toEqual(
      servesReplacement
        ? ['getSignaturesForAddress', 'getSignaturesForAddress', 'getTransaction']
        : [
            'getSignaturesForAddress',
            'getConfirmedSignaturesForAddress2',
            'getConfirmedSignaturesForAddress2',
            'getConfirmedTransaction',
          ],
    )
  })

  it.skipIf(!rules.versionParam)(
    'maxSupportedTransactionVersion opts deprecated calls into v0 transactions',
    async () => {
      const v0 = [...ledger.state.bySignature.values()].find((tx) => tx.message.version === 0)
      const signature = v0?.signature ?? ''
      const transport = withMethodPolicy(ledger.transport, {
        maxSupportedTransactionVersion: 0,
        deprecationWarnings: false,
      })
      for (const encoding of ['json', 'jsonParsed', 'base64'] as const) {
        const request = { method: 'getConfirmedTransaction', params: [signature, encoding] }
        const direct = await ledger.transport(
          toReplacementRequest(request, { maxSupportedTransactionVersion: 0 }),
        )
        expect(direct).toMatchObject({ version: 0 })
        expect(await transport(request)).toEqual(withoutIndex(direct))
      }
      const faithful = withMethodPolicy(ledger.transport, { deprecationWarnings: false })
      const error = await outcome(() =>
        faithful({ method: 'getConfirmedTransaction', params: [signature] }),
      )
      expect(error).toEqual({ error: 'RPC_ERROR', rpcCode: -32015 })
    },
  )

  it('emits the deprecation notice once per deprecated method the caller sends, on every node', async () => {
    const emitted = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    for (let i = 0; i < 2; i++) {
      const c = createClient({ transport: ledger.transport })
      await c.getConfirmedSignaturesForAddress2(busiest, { limit: 1 })
      await c.getConfirmedSignaturesForAddress2(busiest, { limit: 1 })
      await outcome(() => c.getConfirmedTransaction(history[0]?.signature ?? ''))
      await c.getSignaturesForAddress(busiest, { limit: 1 })
    }
    const calls = emitted.mock.calls.map((call) => ({
      method: String(call[0]).split(' ')[0],
      code: (call[1] as { code?: string } | undefined)?.code,
    }))
    expect(calls).toEqual([
      { method: 'getConfirmedSignaturesForAddress2', code: 'CONFIRMED_RPC_DEPRECATED_METHOD' },
      { method: 'getConfirmedTransaction', code: 'CONFIRMED_RPC_DEPRECATED_METHOD' },
    ])
  })

  it('a default client: the four calls and both walks, by method on the wire, against the ledger', async () => {
    // A default client decodes u64 fields as bigints; the ledger's oracle lists numbers.
    const exact = (info: (typeof history)[number]) => ({
      ...info,
      slot: BigInt(info.slot),
      ...(typeof info.blockTime === 'number' && { blockTime: BigInt(info.blockTime) }),
    })
    const emitted = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    const counted = counting(ledger.transport)
    const c = createClient({ transport: counted.transport })
    const byMethod = (from: number) => {
      const counts: Record<string, number> = {}
      for (const method of counted.sent.slice(from)) counts[method] = (counts[method] ?? 0) + 1
      return counts
    }
    const signaturesName = servesReplacement
      ? 'getSignaturesForAddress'
      : 'getConfirmedSignaturesForAddress2'
    const transactionName = servesReplacement ? 'getTransaction' : 'getConfirmedTransaction'
    const legacy = history.find(
      (info) => ledger.transaction(info.signature)?.message.version === 'legacy',
    )
    const signature = legacy?.signature ?? ''
    const wire = [
      Buffer.from(ledger.transaction(signature)?.wire ?? []).toString('base64'),
      'base64',
    ]

    // The four calls.
    expect(await c.getConfirmedSignaturesForAddress2(busiest, { limit: 10 })).toEqual(
      withoutIndex(history.slice(0, 10)).map(exact),
    )
    expect(await c.getSignaturesForAddress(busiest, { limit: 10 })).toEqual(
      history.slice(0, 10).map(exact),
    )
    const deprecatedTx = await c.getConfirmedTransaction(signature, 'base64')
    const replacementTx = await c.getTransaction(signature, 'base64')
    expect(deprecatedTx?.slot).toBe(BigInt(ledger.transaction(signature)?.slot ?? -1))
    expect(deprecatedTx?.transaction).toEqual(wire)
    expect(deprecatedTx).not.toHaveProperty('transactionIndex')
    expect(replacementTx).toEqual(
      rules.transactionIndex
        ? { ...deprecatedTx, transactionIndex: expect.any(Number) }
        : deprecatedTx,
    )
    expect(byMethod(0)).toEqual(
      servesReplacement
        ? { getSignaturesForAddress: 2, getTransaction: 2 }
        : {
            getSignaturesForAddress: 1,
            getConfirmedSignaturesForAddress2: 2,
            getConfirmedTransaction: 2,
          },
    )
    expect(emitted).toHaveBeenCalledTimes(2)

    // The walks, with the notices forgotten: they would fire again if a walk sent a deprecated
    // call through the wrapper.
    resetDeprecationWarnings()
    emitted.mockClear()
    const beforeWalks = counted.sent.length
    const walked: SignatureInfo<'bigint'>[] = []
    for await (const info of c.signaturesForAddress(busiest)) walked.push(info)
    expect(walked).toEqual(history.map(exact))
    const pages = counted.sent.length - beforeWalks
    expect(pages).toBeGreaterThanOrEqual(1)
    expect(byMethod(beforeWalks)).toEqual({ [signaturesName]: pages })

    const beforeLookups = counted.sent.length
    const entries: {
      info: SignatureInfo<'bigint'>
      slot: bigint | undefined
      version: unknown
      signature: unknown
    }[] = []
    for await (const { info, transaction } of c.transactionsForAddress(busiest, {
      limit: 50,
      maxSupportedTransactionVersion: 0,
    })) {
      entries.push({
        info,
        slot: transaction?.slot,
        version: transaction?.version,
        signature: transaction?.transaction.signatures[0],
      })
    }
    expect(entries.map((e) => e.info)).toEqual(history.slice(0, 50).map(exact))
    for (const { info, slot, version, signature: first } of entries) {
      const truth = ledger.transaction(info.signature)
      expect(slot).toBe(BigInt(truth?.slot ?? -1))
      expect(first).toBe(info.signature)
      // Before 1.7 the lookups go as getConfirmedTransaction and are marked legacy; 1.7 to 1.9
      // ignore the version option and send none.
      expect(version).toEqual(
        !servesReplacement ? 'legacy' : rules.versionParam ? truth?.message.version : undefined,
      )
    }
    const lookups = byMethod(beforeLookups)
    expect(lookups[transactionName]).toBe(50)
    expect(Object.keys(lookups).sort()).toEqual([signaturesName, transactionName].sort())

    expect(counted.notFound()).toBe(servesReplacement ? 0 : 1)
    expect(emitted).not.toHaveBeenCalled()
  })

  it.skipIf(!servesReplacement).each([405, 410] as const)(
    'over an endpoint that answers the deprecated names with HTTP %i, serves them via the replacement',
    async (status) => {
      const http = refusingOverHttp(ledger.transport, status, [
        'getConfirmedTransaction',
        'getConfirmedSignaturesForAddress2',
      ])
      const transport = withMethodPolicy(http.transport, { deprecationWarnings: false })
      const page = await transport({
        method: 'getConfirmedSignaturesForAddress2',
        params: [busiest, { limit: 25 }],
      })
      expect(page).toEqual(withoutIndex(history.slice(0, 25)))
      const c = createClient({
        transport: http.transport,
        u64: 'number',
        deprecationWarnings: false,
      })
      expect(await c.getConfirmedSignaturesForAddress2(busiest, { limit: 5 })).toEqual(
        withoutIndex(history.slice(0, 5)),
      )
      expect(await c.getSignaturesForAddress(busiest, { limit: 5 })).toEqual(history.slice(0, 5))
      expect(http.sent).toEqual([
        'getSignaturesForAddress',
        'getSignaturesForAddress',
        'getSignaturesForAddress',
      ])
      expect(http.refusedCount()).toBe(0)
    },
  )
})
