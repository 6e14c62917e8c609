import { afterAll, beforeAll, expect, it } from 'vitest'
import type { MethodContext } from '../../src/actions/ActionClient'
import type { SignaturesForAddressOptions } from '../../src/history/SignaturesForAddressOptions'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import {
  type TransactionsForAddressOptions,
  transactionsForAddress,
} from '../../src/history/transactionsForAddress'
import { withMethodPolicy } from '../../src/migrate/withMethodPolicy'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import type { MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile } from '../../src/testing/ledger/types'
import { abortedError, networkError } from '../../src/transport/response'
import type { RpcTransport } from '../../src/transport/types'
import { seededRandom } from '../support/seededRandom'
import { LEGACY_ONLY, ledgersByProfile } from '../support/walkSetup'
import { settleWithin } from './settleWithin'
import { count, formatTally, type Tally } from './tally'
import { expectTypedError } from './typedError'

/*
 * Every way a walk can end (its whole history, `limit`, a `break`, the caller's abort, a failure
 * past its retries) with requests still out, over a transport that answers after a random delay,
 * sometimes long after the request was aborted, and sometimes fails: when the walk settles,
 * nothing it started is still running, and nothing is sent afterwards.
 */

const RUNS = 400
// FUZZ_SEED=<n> runs other walks (the same ones for the same seed; only the transport's
// answers to them depend on timing).
const SEED = Number(process.env.FUZZ_SEED ?? 7)
const DEADLINE_MS = 10_000
const PROFILES: readonly LedgerProfile[] = ['v1.3', 'v1.9', 'v1.18', 'v2', 'v4']

let ledgers: Record<LedgerProfile, MockLedger>
const tally: Tally = {}

beforeAll(() => {
  ledgers = ledgersByProfile(31, 1_500, PROFILES)
})

afterAll(() => {
  console.log(`walks settling: ${formatTally(tally)}`)
})

it('leaves nothing running, and sends nothing, once a walk has settled', async () => {
  const random = seededRandom(SEED)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  for (let run = 0; run < RUNS; run++) {
    const profile = PROFILES[run % PROFILES.length] as LedgerProfile
    const ledger = ledgers[profile]
    const running = new Set<string>()
    let sent = 0
    const failureRate = random() < 0.5 ? 0 : 0.05
    // The transport draws from its own stream: how many draws it makes depends on timing, and
    // must not shift the walks that follow (so that a seed gives the same walks every time).
    const chance = seededRandom(Math.floor(random() * 2 ** 32))
    const transport: RpcTransport = async (request, options) => {
      const id = `${sent++} ${request.method}`
      const context = { method: request.method }
      running.add(id)
      try {
        // Some answers come late even when the request is aborted (a proxy that finishes the
        // exchange, a transport that does not listen): the walk must wait for those too.
        const listens = chance() < 0.7
        const signal = options?.signal
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, Math.floor(chance() * 3))
          if (!listens) return
          const onAbort = (): void => {
            clearTimeout(timer)
            reject(abortedError(signal?.reason, context))
          }
          if (signal?.aborted) onAbort()
          else signal?.addEventListener('abort', onAbort, { once: true })
        })
        if (chance() < failureRate) throw networkError(new Error('socket hang up'), context, [])
        return await ledger.transport(request, options)
      } finally {
        running.delete(id)
      }
    }
    const transactions = random() < 0.3
    // Bigints for transactions: the ledger's token amounts above 2^53 would end most walks.
    const context: MethodContext = {
      transport: withMethodPolicy(transport, { deprecationWarnings: false }),
      u64: transactions ? 'bigint' : 'number',
    }

    const address = pick(ledger.addresses().slice(0, 4))
    const history = ledger.signatures(address).map((info) => info.signature)
    const cursor = (): string | undefined => (random() < 0.6 ? undefined : pick(history))
    let before = cursor()
    let until = cursor()
    if (
      before !== undefined &&
      until !== undefined &&
      history.indexOf(before) > history.indexOf(until)
    ) {
      ;[before, until] = [until, before]
    }
    const controller = new AbortController()
    const abortAfterMs = random() < 0.2 ? Math.floor(random() * 20) : undefined
    const limit = random() < 0.5 ? undefined : 1 + Math.floor(random() * 600)
    const pageSize = 1 + Math.floor(random() * 200)
    const parallel = 1 + Math.floor(random() * 6)
    const order = random() < 0.5 ? 'newest' : 'oldest'
    // One lane, newest first: one stream of pages (no walker). Otherwise a range walker, which
    // on every other run also probes for the provider's getTransactionsForAddress (a run's
    // number, not a draw, decides: the draws, and so the walks of a seed, stay the same).
    const walker =
      parallel === 1 && order === 'newest'
        ? undefined
        : rangeWalker({ parallel, order, provider: run % 2 === 1 })
    const options: SignaturesForAddressOptions = {
      before,
      until,
      limit,
      pageSize,
      walker,
      pageRetryDelayMs: 0,
      signal: controller.signal,
    }
    const walk: AsyncIterable<unknown> = transactions
      ? transactionsForAddress(context, address, {
          ...options,
          concurrency: 1 + Math.floor(random() * 10),
          maxSupportedTransactionVersion: LEGACY_ONLY.has(profile) ? undefined : 0,
        } satisfies TransactionsForAddressOptions)
      : signaturesForAddress(context, address, options)
    const breakAt = random() < 0.2 ? Math.floor(random() * 300) : undefined
    const timer =
      abortAfterMs === undefined ? undefined : setTimeout(() => controller.abort(), abortAfterMs)

    let ended = 'result'
    const settled = await settleWithin(
      (async () => {
        let seen = 0
        for await (const _ of walk) {
          if (breakAt !== undefined && ++seen >= breakAt) {
            ended = 'break'
            break
          }
        }
      })(),
      DEADLINE_MS,
    )
    clearTimeout(timer)
    const label = `run ${run} (${profile}, ${transactions ? 'transactions' : 'signatures'})`
    expect(settled.kind, label).not.toBe('hang')
    if (settled.kind === 'error') expectTypedError(settled.error)
    count(tally, settled.kind === 'result' ? { kind: 'result', value: ended } : settled)
    if (settled.kind === 'result' && ended === 'break') tally.break = (tally.break ?? 0) + 1
    if (controller.signal.aborted) tally.aborted = (tally.aborted ?? 0) + 1

    expect([...running], label).toEqual([])
    const sentAtEnd = sent
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(sent, label).toBe(sentAtEnd)
  }
  // The runs reached every way of ending, so the checks above were made on each.
  expect(tally).toMatchObject({
    result: expect.any(Number),
    break: expect.any(Number),
    aborted: expect.any(Number),
    NETWORK_ERROR: expect.any(Number),
  })
}, 600_000)
