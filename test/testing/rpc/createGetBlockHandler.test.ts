import { Connection } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockLedger } from '../../../src/testing/createMockLedger'
import type { LedgerProfile, LedgerState } from '../../../src/testing/ledger/types'
import { type MockLedgerServer, serveMockLedger } from '../../../src/testing/serveMockLedger'
import { sharedLedger } from '../../support/sharedLedger'
import { buildFixtureLedger } from '../fixtures/buildFixtureLedger'

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }
type Block = {
  previousBlockhash: string
  blockhash: string
  parentSlot: number
  transactions?: { transaction: unknown; meta: Record<string, unknown> | null; version?: unknown }[]
  signatures?: string[]
  rewards?: unknown[]
  blockTime: number | null
  blockHeight?: number | null
}

const PROFILES: readonly LedgerProfile[] = ['v1.3', 'v1.6', 'v1.9', 'v1.14', 'v1.18', 'v2', 'v4']

function skippedSlot(state: LedgerState): number {
  for (const slot of state.slots) {
    if (slot > state.firstAvailableSlot && !state.blocks.has(slot - 1)) return slot - 1
  }
  throw new Error('the ledger skips no slot')
}

describe.each(PROFILES)('getBlock on %s', (profile) => {
  const ledger = sharedLedger({ seed: 3, transactions: 600, profile })
  const { state } = ledger
  const { finalized, confirmed } = state.frontiers
  const deprecatedOnly = profile === 'v1.3' || profile === 'v1.6'
  const method = deprecatedOnly ? 'getConfirmedBlock' : 'getBlock'
  const versioned = profile !== 'v1.3' && profile !== 'v1.6' && profile !== 'v1.9'
  const call = (params: unknown, name = method) =>
    ledger.handle({ jsonrpc: '2.0', id: 1, method: name, params }) as Answer
  const full = (slot: number, config?: Record<string, unknown>) =>
    call([
      slot,
      ...(deprecatedOnly && profile === 'v1.3'
        ? []
        : [
            {
              ...(versioned && !deprecatedOnly ? { maxSupportedTransactionVersion: 0 } : {}),
              ...config,
            },
          ]),
    ])
  // A block past the oldest rows (stored by older releases, some without meta).
  const busy = state.slots.find(
    (slot, index) =>
      index > state.slots.length / 2 &&
      slot <= finalized &&
      (state.blocks.get(slot)?.transactions.length ?? 0) > 2,
  ) as number
  const oldest = state.slots.find(
    (slot) => state.blocks.get(slot)?.transactions.some((tx) => tx.metaMissing) ?? false,
  )
  const empty = state.slots.find((slot) => state.blocks.get(slot)?.transactions.length === 0)

  it('holds the block fields of the ledger, its transactions in block order as getTransaction encodes them', () => {
    const block = full(busy).result as Block
    const held = state.blocks.get(busy)
    if (held === undefined) throw new Error('no block')
    expect(block.blockhash).toBe(held.blockhash)
    expect(block.previousBlockhash).toBe(held.previousBlockhash)
    expect(block.parentSlot).toBe(held.parentSlot)
    expect(block.blockTime).toBe(held.blockTime)
    expect(block.rewards).toEqual([])
    expect(block.transactions?.length).toBe(held.transactions.length)
    const getTransaction = deprecatedOnly ? 'getConfirmedTransaction' : 'getTransaction'
    held.transactions.forEach((tx, index) => {
      const single = call(
        [
          tx.signature,
          ...(profile === 'v1.3'
            ? []
            : [versioned && !deprecatedOnly ? { maxSupportedTransactionVersion: 0 } : {}]),
        ],
        getTransaction,
      ).result as Record<string, unknown>
      const entry = block.transactions?.[index]
      expect(entry?.transaction).toEqual(single.transaction)
      expect(entry?.meta).toEqual(single.meta)
      expect(entry?.version).toEqual(single.version)
    })
  })

  it('answers a row stored without meta with `meta: null` and no version, as MissingMetadata', () => {
    if (oldest === undefined || oldest > finalized) return
    const block = full(oldest).result as Block
    const held = state.blocks.get(oldest)?.transactions ?? []
    held.forEach((tx, index) => {
      if (!tx.metaMissing) return
      expect(block.transactions?.[index]?.meta).toBeNull()
      expect(block.transactions?.[index]).not.toHaveProperty('version')
    })
  })

  it('writes blockHeight from 1.6 on, one more than the parent block', () => {
    const next = state.slots[state.slots.indexOf(busy) + 1] as number
    const [a, b] = [full(busy).result as Block, full(next).result as Block]
    if (profile === 'v1.3') {
      expect(a).not.toHaveProperty('blockHeight')
    } else {
      expect(b.blockHeight).toBe((a.blockHeight as number) + 1)
      expect(a.blockHeight).toBeLessThan(busy)
    }
  })

  it('serves an empty block with no transactions', () => {
    if (empty === undefined || empty > finalized) return
    const block = full(empty).result as Block
    expect(block.transactions).toEqual([])
  })

  it('answers a skipped slot with -32007 (null on 1.3, before PR #14145)', () => {
    const slot = skippedSlot(state)
    const answer = full(slot)
    if (profile === 'v1.3') expect(answer).toEqual({ jsonrpc: '2.0', result: null, id: 1 })
    else
      expect(answer.error).toEqual({
        code: -32007,
        message: `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`,
      })
  })

  it('answers a slot above the finalized frontier with -32004, and one below the first available with -32001', () => {
    expect(full(finalized + 1).error).toEqual({
      code: -32004,
      message: `Block not available for slot ${finalized + 1}`,
    })
    expect(full(state.firstAvailableSlot - 1).error).toEqual({
      code: -32001,
      message: `Block ${state.firstAvailableSlot - 1} cleaned up, does not exist on node. First available block: ${state.firstAvailableSlot}`,
    })
  })

  if (profile !== 'v1.3') {
    it('serves confirmed blocks with `confirmed`, refuses `processed`', () => {
      expect(full(confirmed, { commitment: 'confirmed' }).result).toMatchObject({
        blockhash: state.blocks.get(confirmed)?.blockhash,
      })
      expect(full(state.frontiers.processed, { commitment: 'confirmed' }).error?.code).toBe(-32004)
      expect(full(busy, { commitment: 'processed' }).error).toEqual({
        code: -32602,
        message: 'Method does not support commitment below `confirmed`',
      })
    })

    it('lists signatures or nothing, and leaves rewards out with rewards: false', () => {
      const held = state.blocks.get(busy)?.transactions.map((tx) => tx.signature)
      const signatures = full(busy, { transactionDetails: 'signatures' }).result as Block
      expect(signatures.signatures).toEqual(held)
      expect(signatures).not.toHaveProperty('transactions')
      const none = full(busy, { transactionDetails: 'none', rewards: false }).result as Block
      expect(none).not.toHaveProperty('transactions')
      expect(none).not.toHaveProperty('signatures')
      expect(none).not.toHaveProperty('rewards')
      const noRewards = full(busy, { rewards: false }).result as Block
      const rewards = noRewards.transactions?.map((entry) => entry.meta?.rewards ?? null)
      // From 1.10 / 1.14 (PR #27655) `rewards: false` nulls the transactions' rewards too.
      if (profile === 'v1.6' || profile === 'v1.9') expect(rewards).toContainEqual([])
      else expect(new Set(rewards)).toEqual(new Set([null]))
    })

    it('refuses an unknown detail level with the untagged-enum message', () => {
      expect(full(busy, { transactionDetails: 'everything' }).error).toEqual({
        code: -32602,
        message:
          'Invalid params: data did not match any variant of untagged enum RpcEncodingConfigWrapper.',
      })
    })
  } else {
    it('takes a bare encoding only on 1.3', () => {
      expect((call([busy, 'base64']).result as Block).transactions?.[0]?.transaction).toEqual([
        expect.any(String),
        'base64',
      ])
      expect(call([busy, { encoding: 'json' }]).error?.message).toBe(
        'Invalid params: unknown variant `encoding`, expected one of `binary`, `base64`, `base58`, `json`, `jsonParsed`.',
      )
    })
  }

  if (versioned) {
    it('refuses a block with a v0 transaction without maxSupportedTransactionVersion (-32015)', () => {
      const slot = state.slots.find(
        (s) =>
          s <= finalized &&
          state.blocks.get(s)?.transactions.some((tx) => tx.message.version === 0),
      ) as number
      const expected = {
        code: -32015,
        message:
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      }
      expect(call([slot]).error).toEqual(expected)
      if (profile !== 'v2' && profile !== 'v4') {
        // getConfirmedBlock has no maxSupportedTransactionVersion: it can never serve one.
        expect(
          call([slot, { maxSupportedTransactionVersion: 0 }], 'getConfirmedBlock').error,
        ).toEqual(expected)
      }
      expect(call([slot, { transactionDetails: 'signatures' }]).error).toBeUndefined()
      expect(call([slot, { transactionDetails: 'accounts' }]).error).toEqual(expected)
    })

    it("encodes 'accounts' mode as the node's UiAccountsList with a reduced meta", () => {
      const block = full(busy, { transactionDetails: 'accounts', rewards: false }).result as Block
      const held = state.blocks.get(busy)?.transactions ?? []
      block.transactions?.forEach((entry, index) => {
        const tx = held[index]
        if (tx === undefined) throw new Error('missing')
        const transaction = entry.transaction as {
          signatures: string[]
          accountKeys: { pubkey: string; source: string }[]
        }
        expect(transaction.signatures).toEqual(tx.signatures)
        expect(transaction.accountKeys.map((key) => key.pubkey)).toEqual(tx.accountKeys)
        expect(Object.keys(transaction.accountKeys[0] ?? {})).toEqual([
          'pubkey',
          'writable',
          'signer',
          'source',
        ])
        if (entry.meta !== null) {
          expect(Object.keys(entry.meta)).toEqual([
            'err',
            'status',
            'fee',
            'preBalances',
            'postBalances',
            'preTokenBalances',
            'postTokenBalances',
          ])
        }
      })
    })
  } else if (profile !== 'v1.3') {
    it("has no 'accounts' mode before 1.14 (PR #27601)", () => {
      expect(full(busy, { transactionDetails: 'accounts' }).error?.code).toBe(-32602)
    })
  }
})

describe('getBlock on a hand-made ledger', () => {
  const fixture = buildFixtureLedger(
    [
      { slot: 100, txs: [{}] },
      { slot: 101, txs: [{}, {}] },
      { slot: 103, txs: [] },
      { slot: 104, blockTime: null, txs: [{ err: { InstructionError: [0, 'InvalidArgument'] } }] },
      { slot: 105, txs: [{}] },
    ],
    { processed: 105, confirmed: 105, finalized: 104 },
    101,
  )
  const ledger = createMockLedger({ state: fixture.state })
  const call = (params: unknown) =>
    ledger.handle({ jsonrpc: '2.0', id: 1, method: 'getBlock', params }) as Answer

  it('uses the state as the oracle for every case', () => {
    expect(call([100]).error?.code).toBe(-32001)
    expect((call([101, { transactionDetails: 'signatures' }]).result as Block).signatures).toEqual([
      fixture.sig(1),
      fixture.sig(2),
    ])
    expect(call([102]).error?.code).toBe(-32007)
    expect((call([103]).result as Block).transactions).toEqual([])
    expect((call([104]).result as Block).blockTime).toBeNull()
    expect(call([105]).error?.code).toBe(-32004)
    const confirmedBlock = call([105, { commitment: 'confirmed' }]).result as Block
    expect(confirmedBlock.parentSlot).toBe(104)
    expect(call([106, { commitment: 'confirmed' }]).error?.code).toBe(-32004)
  })
})

describe('getBlock, getBlocks, getSlot and getFirstAvailableBlock through web3.js v1 over HTTP', () => {
  const ledger = sharedLedger({ seed: 7, transactions: 500, profile: 'v1.18' })
  const { state } = ledger
  let server: MockLedgerServer
  let connection: Connection

  beforeAll(async () => {
    server = await serveMockLedger(ledger)
    connection = new Connection(server.url, {
      commitment: 'finalized',
      disableRetryOnRateLimit: true,
    })
  })
  afterAll(() => server.close())

  it('parses the shapes the mock sends', async () => {
    const { finalized } = state.frontiers
    expect(await connection.getSlot()).toBe(finalized)
    expect(await connection.getSlot('confirmed')).toBe(state.frontiers.confirmed)
    expect(await connection.getFirstAvailableBlock()).toBe(state.firstAvailableSlot)
    const start = state.slots[5] as number
    expect(await connection.getBlocks(start, start + 30)).toEqual(
      state.slots.filter((slot) => slot >= start && slot <= start + 30),
    )
    const slot = state.slots.find(
      (s) => (state.blocks.get(s)?.transactions.length ?? 0) > 1,
    ) as number
    // web3.js v1's getBlock validates every mode but `accounts` and `none` against the full
    // schema, so it rejects the node's `signatures` answer (a real node's too); its
    // getBlockSignatures sends that mode and reads it.
    await expect(
      connection.getBlock(slot, {
        transactionDetails: 'signatures',
        rewards: false,
        maxSupportedTransactionVersion: 0,
      }),
    ).rejects.toThrow('At path: transactions -- Expected an array value')
    const block = await connection.getBlockSignatures(slot)
    expect(block.signatures).toEqual(state.blocks.get(slot)?.transactions.map((tx) => tx.signature))
    expect(block.blockhash).toBe(state.blocks.get(slot)?.blockhash)
    const none = await connection.getBlock(slot, {
      transactionDetails: 'none',
      rewards: false,
      maxSupportedTransactionVersion: 0,
    })
    expect(none?.parentSlot).toBe(state.blocks.get(slot)?.parentSlot)
    const fullBlock = await connection.getBlock(slot, { maxSupportedTransactionVersion: 0 })
    expect(fullBlock?.transactions.map((tx) => tx.transaction.signatures[0])).toEqual(
      state.blocks.get(slot)?.transactions.map((tx) => tx.signature),
    )
    const accounts = await connection.getBlock(slot, {
      transactionDetails: 'accounts',
      maxSupportedTransactionVersion: 0,
    })
    expect(accounts?.transactions[0]?.transaction.signatures).toEqual(
      state.blocks.get(slot)?.transactions[0]?.signatures,
    )
    await expect(connection.getBlock(finalized + 1)).rejects.toThrow(
      `Block not available for slot ${finalized + 1}`,
    )
  })
})
