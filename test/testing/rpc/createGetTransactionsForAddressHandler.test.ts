import { describe, expect, it } from 'vitest'
import { createMockLedger } from '../../../src/testing/createMockLedger'
import type {
  LedgerProfile,
  LedgerState,
  LedgerTransaction,
} from '../../../src/testing/ledger/types'
import { sharedLedger } from '../../support/sharedLedger'

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }
type Entry = Record<string, unknown> & {
  signature?: string
  slot: number
  transactionIndex: number
}
type Page = { data: Entry[]; paginationToken: string | null }

const METHOD = 'getTransactionsForAddress'

/** The oracle: the address's finalized history, newest first by slot then block position. */
function history(state: LedgerState, address: string, highest = state.frontiers.finalized) {
  return (state.byAddress.get(address) ?? [])
    .filter((tx) => tx.slot <= highest && tx.slot >= state.firstAvailableSlot)
    .sort((a, b) => b.slot - a.slot || b.indexInBlock - a.indexInBlock)
}

function walk(call: (config: object) => Answer, config: object): Entry[] {
  const seen: Entry[] = []
  let token: string | null | undefined
  for (let pages = 0; pages < 100; pages++) {
    const page = call({ ...config, ...(token ? { paginationToken: token } : {}) }).result as Page
    seen.push(...page.data)
    token = page.paginationToken
    if (token === null) return seen
    const last = page.data.at(-1)
    expect(token).toBe(`${last?.slot}:${last?.transactionIndex}`)
  }
  throw new Error('the walk did not end')
}

describe('getTransactionsForAddress is a provider method', () => {
  it.each(['v1.3', 'v1.18', 'v4'] as const)('is -32601 on a plain %s node', (profile) => {
    const ledger = sharedLedger({ seed: 2, transactions: 200, profile })
    expect(ledger.handle({ jsonrpc: '2.0', id: 1, method: METHOD, params: ['x'] })).toEqual({
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found' },
      id: 1,
    })
  })
})

describe.each(['v1.3', 'v1.14', 'v1.18', 'v4'] as const)(
  'getTransactionsForAddress served on %s',
  (profile: LedgerProfile) => {
    const ledger = createMockLedger({
      seed: 2,
      transactions: 600,
      profile,
      providerMethods: ['getTransactionsForAddress'],
    })
    const { state } = ledger
    const [busiest = ''] = ledger.addresses()
    const call = (config: object, address = busiest) =>
      ledger.handle({ jsonrpc: '2.0', id: 1, method: METHOD, params: [address, config] }) as Answer
    const expected = history(state, busiest)

    it('walks the whole history in pages, newest first, then oldest first', () => {
      const desc = walk(call, { limit: 37 })
      expect(desc.map((entry) => entry.signature)).toEqual(expected.map((tx) => tx.signature))
      const asc = walk(call, { limit: 250, sortOrder: 'asc' })
      expect(asc.map((entry) => entry.signature)).toEqual(
        [...expected].reverse().map((tx) => tx.signature),
      )
    })

    it('writes signature entries with every field of the specification', () => {
      const [first] = (call({ limit: 1 }).result as Page).data
      const tx = expected[0] as LedgerTransaction
      const info = ledger.signatures(busiest).find((item) => item.signature === tx.signature)
      expect(first).toEqual({
        signature: tx.signature,
        slot: tx.slot,
        transactionIndex: tx.indexInBlock,
        err: info?.err,
        memo: info?.memo,
        blockTime: state.blocks.get(tx.slot)?.blockTime,
        confirmationStatus: 'finalized',
      })
      expect(Object.keys(first ?? {})).toEqual([
        'signature',
        'slot',
        'transactionIndex',
        'err',
        'memo',
        'blockTime',
        'confirmationStatus',
      ])
    })

    it('filters by slot, block time and status', () => {
      const middle = expected[Math.floor(expected.length / 2)] as LedgerTransaction
      const bySlot = walk(call, { filters: { slot: { gte: middle.slot, lt: middle.slot + 20 } } })
      expect(bySlot.map((e) => e.signature)).toEqual(
        expected
          .filter((tx) => tx.slot >= middle.slot && tx.slot < middle.slot + 20)
          .map((tx) => tx.signature),
      )
      const failed = walk(call, { filters: { status: 'failed' } })
      expect(failed.map((e) => e.signature)).toEqual(
        expected.filter((tx) => tx.meta.err !== null).map((tx) => tx.signature),
      )
      expect(failed.length).toBeGreaterThan(0)
      const time = state.blocks.get(middle.slot)?.blockTime ?? 0
      const byTime = walk(call, { filters: { blockTime: { lte: time } } })
      expect(byTime.map((e) => e.signature)).toEqual(
        expected
          .filter((tx) => {
            const own = state.blocks.get(tx.slot)?.blockTime ?? null
            return own !== null && own <= time
          })
          .map((tx) => tx.signature),
      )
    })

    it('serves full transactions (at most 100 a page) as getTransaction encodes them', () => {
      expect(call({ transactionDetails: 'full', limit: 101 }).error).toEqual({
        code: -32602,
        message: 'Invalid params: limit must be between 1 and 100',
      })
      const page = call({
        transactionDetails: 'full',
        limit: 30,
        maxSupportedTransactionVersion: 0,
      }).result as Page
      expect(page.data).toHaveLength(30)
      for (const [index, entry] of page.data.entries()) {
        const tx = expected[index] as LedgerTransaction
        expect(entry.slot).toBe(tx.slot)
        expect(entry.transactionIndex).toBe(tx.indexInBlock)
        const single = ledger.handle({
          jsonrpc: '2.0',
          id: 1,
          method: profile === 'v1.3' ? 'getConfirmedTransaction' : 'getTransaction',
          params: [
            tx.signature,
            ...(profile === 'v1.3' ? [] : [{ maxSupportedTransactionVersion: 0 }]),
          ],
        }) as { result: Record<string, unknown> }
        expect(entry.transaction).toEqual(single.result.transaction)
        expect(entry.meta).toEqual(single.result.meta)
      }
      const hasV0 = expected.some((tx) => tx.message.version === 0)
      const unversioned = call({ transactionDetails: 'full', limit: 100 })
      if (hasV0 && expected.findIndex((tx) => tx.message.version === 0) < 100) {
        expect(unversioned.error?.code).toBe(-32015)
      } else {
        expect(unversioned.error).toBeUndefined()
      }
    })

    it('refuses bad params: limit, token, commitment, unknown variants; checks minContextSlot', () => {
      expect(call({ limit: 1001 }).error?.message).toBe(
        'Invalid params: limit must be between 1 and 1000',
      )
      expect(call({ limit: 0 }).error?.code).toBe(-32602)
      expect(call({ paginationToken: 'abc' }).error?.message).toBe(
        'Invalid params: invalid paginationToken',
      )
      expect(call({ commitment: 'processed' }).error?.message).toBe(
        'Method does not support commitment below `confirmed`',
      )
      expect(call({ sortOrder: 'up' }).error?.message).toBe(
        'Invalid params: unknown variant `up`, expected `asc` or `desc`.',
      )
      const { finalized } = state.frontiers
      expect(call({ minContextSlot: finalized + 1 }).error).toEqual({
        code: -32016,
        message: 'Minimum context slot has not been reached',
        data: { contextSlot: finalized },
      })
      expect(call({}, 'not-an-address').error?.code).toBe(-32602)
    })

    it('reads past the root with `confirmed`', () => {
      const confirmedHistory = history(state, busiest, state.frontiers.confirmed)
      const page = walk(call, { commitment: 'confirmed' })
      expect(page.map((e) => e.signature)).toEqual(confirmedHistory.map((tx) => tx.signature))
      expect(page[0]?.confirmationStatus).toBe('confirmed')
    })
  },
)

describe('getTransactionsForAddress tokenAccounts', () => {
  const ledger = createMockLedger({
    seed: 4,
    transactions: 600,
    providerMethods: ['getTransactionsForAddress'],
  })
  const { state } = ledger
  const call = (address: string, config: object) =>
    ledger.handle({ jsonrpc: '2.0', id: 1, method: METHOD, params: [address, config] }) as Answer

  it('adds the transactions of token accounts the address owns', () => {
    const owners = new Map<string, number>()
    for (const tx of state.bySignature.values()) {
      for (const balance of tx.meta.postTokenBalances ?? []) {
        if (balance.owner !== '') owners.set(balance.owner, (owners.get(balance.owner) ?? 0) + 1)
      }
    }
    const [owner = ''] = [...owners.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key)
    const direct = new Set(history(state, owner).map((tx) => tx.signature))
    const all = (call(owner, { filters: { tokenAccounts: 'all' } }).result as Page).data
    const oracle = [...state.bySignature.values()].filter(
      (tx) =>
        tx.signatures[0] === tx.signature &&
        tx.slot <= state.frontiers.finalized &&
        tx.slot >= state.firstAvailableSlot &&
        (direct.has(tx.signature) ||
          [...(tx.meta.preTokenBalances ?? []), ...(tx.meta.postTokenBalances ?? [])].some(
            (b) => b.owner === owner,
          )),
    )
    expect(new Set(all.map((e) => e.signature))).toEqual(new Set(oracle.map((tx) => tx.signature)))
    const changed = (call(owner, { filters: { tokenAccounts: 'balanceChanged' } }).result as Page)
      .data
    expect(changed.length).toBeGreaterThanOrEqual(direct.size)
    expect(changed.length).toBeLessThanOrEqual(all.length)
  })
})
