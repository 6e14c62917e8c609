import { describe, expect, it } from 'vitest'
import { createRandom } from '../../../src/testing/ledger/createRandom'
import { createWorld } from '../../../src/testing/ledger/createWorld'
import { finishTransaction, formatMemo } from '../../../src/testing/ledger/finishTransaction'
import {
  computeBudgetInstruction,
  systemTransferInstruction,
} from '../../../src/testing/ledger/systemInstructions'
import type { LedgerAccount } from '../../../src/testing/ledger/types'

describe('finishTransaction', () => {
  const world = createWorld(createRandom(12))
  const payer = world.wallets[2] as LedgerAccount
  const to = world.externals[0] as LedgerAccount
  const context = {
    slot: 9,
    indexInBlock: 4,
    recentBlockhash: world.freshAddress(0n),
    tables: world.tables,
  }

  it('charges 5,000 per signature plus the rounded-up priority fee and commits the transfer', () => {
    const payerBefore = payer.lamports
    const toBefore = to.lamports
    const tx = finishTransaction(
      {
        payer,
        instructions: [
          computeBudgetInstruction(world.computeBudget, { unitLimit: 1_001 }),
          computeBudgetInstruction(world.computeBudget, { unitPrice: 1_000n }),
          systemTransferInstruction(world.system, payer, to, 77n),
        ],
        version: 'legacy',
        recording: 'full',
      },
      context,
    )
    expect(tx.meta.fee).toBe(5_002n)
    expect(payer.lamports).toBe(payerBefore - 5_002n - 77n)
    expect(to.lamports).toBe(toBefore + 77n)
    expect(tx.meta.computeUnitsConsumed).toBe(450n)
    expect(tx.meta.costUnits).toBe(720n + 600n + 450n + BigInt(Math.floor((5 + 9 + 12) / 4)))
    expect(tx.meta.innerInstructions).toEqual([])
    expect(tx.meta.rewards).toEqual([])
    expect(tx.meta.preTokenBalances).toEqual([])
    expect([tx.slot, tx.indexInBlock]).toEqual([9, 4])
    expect(tx.memo).toBeNull()
    expect(tx.loadedAddresses).toEqual({ writable: [], readonly: [] })
  })

  it('charges only the fee when the run fails, and records nothing extra for plain nodes', () => {
    const payerBefore = payer.lamports
    const tx = finishTransaction(
      {
        payer,
        instructions: [systemTransferInstruction(world.system, payer, to, payerBefore)],
        version: 0,
        recording: 'plain',
      },
      context,
    )
    expect(tx.meta.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(payer.lamports).toBe(payerBefore - 5_000n)
    expect(tx.meta.logMessages).toBeNull()
    expect(tx.meta.innerInstructions).toBeNull()
    expect(tx.message.addressTableLookups).toBeDefined()
  })

  it('records a load failure as a string error with no logs and no compute', () => {
    const tx = finishTransaction(
      {
        payer,
        instructions: [systemTransferInstruction(world.system, payer, to, 1n)],
        version: 'legacy',
        recording: 'old',
        loadError: 'ProgramAccountNotFound',
      },
      context,
    )
    expect(tx.meta.err).toBe('ProgramAccountNotFound')
    expect(tx.meta.logMessages).toBeNull()
    expect(tx.meta.preTokenBalances).toBeNull()
    expect(tx.meta.rewards).toBeNull()
    expect(tx.meta.computeUnitsConsumed).toBeUndefined()
  })
})

const text = (value: string) => new TextEncoder().encode(value)

describe('formatMemo', () => {
  it('prefixes each memo with its byte length, as the node does', () => {
    expect(formatMemo([text('Test memo')])).toBe('[9] Test memo')
    expect(formatMemo([text('🦖')])).toBe('[4] 🦖')
    expect(formatMemo([text('ẞ')])).toBe('[3] ẞ')
  })

  it('joins several memos with "; "', () => {
    expect(formatMemo([text('Test memo'), text('🦖')])).toBe('[9] Test memo; [4] 🦖')
  })

  it('writes (unparseable) for data that is not UTF-8', () => {
    expect(formatMemo([Uint8Array.of(0xff, 0xfe)])).toBe('[2] (unparseable)')
    // Overlong encodings and encoded surrogates are invalid UTF-8 too.
    expect(formatMemo([Uint8Array.of(0xc0, 0x80)])).toBe('[2] (unparseable)')
    expect(formatMemo([Uint8Array.of(0xed, 0xa0, 0x80)])).toBe('[3] (unparseable)')
    expect(formatMemo([text('ok'), Uint8Array.of(0x80)])).toBe('[2] ok; [1] (unparseable)')
  })

  it('keeps an empty memo and a leading byte order mark', () => {
    expect(formatMemo([new Uint8Array(0)])).toBe('[0] ')
    expect(formatMemo([Uint8Array.of(0xef, 0xbb, 0xbf, 0x61)])).toBe('[4] \ufeffa')
  })

  it('is null without memo instructions', () => {
    expect(formatMemo([])).toBeNull()
  })
})
