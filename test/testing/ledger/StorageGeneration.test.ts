import { describe, expect, it } from 'vitest'
import { buildLedgerState } from '../../../src/testing/ledger/buildLedgerState'
import { createRandom } from '../../../src/testing/ledger/createRandom'
import { MEMO_V1_PROGRAM_ID } from '../../../src/testing/ledger/programIds'
import {
  ledgerEra,
  STORAGE_GENERATIONS,
  storageAt,
  storageFor,
} from '../../../src/testing/ledger/StorageGeneration'

describe('storageAt', () => {
  it('splits the oldest 6% between the older releases, oldest first, and gives the rest to the writer', () => {
    const era = ledgerEra('v1.9')
    const random = createRandom(1)
    const names = Array.from(
      { length: 1_000 },
      (_, i) => storageAt(era, i, 1_000, random).storage.name,
    )
    expect(names.slice(0, 20).every((name) => name === 'before 1.3.14')).toBe(true)
    expect(names.slice(20, 40).every((name) => name === '1.3')).toBe(true)
    expect(names.slice(40, 60).every((name) => name === '1.6')).toBe(true)
    expect(names.slice(60).every((name) => name === '1.9')).toBe(true)
  })

  it('leaves meta out of about a third of the oldest 1% only, the same for a seed', () => {
    const era = ledgerEra('v4')
    const missing = (seed: number) => {
      const random = createRandom(seed)
      return Array.from({ length: 5_000 }, (_, i) => storageAt(era, i, 5_000, random).metaMissing)
        .map((flag, i) => (flag ? i : -1))
        .filter((i) => i >= 0)
    }
    const first = missing(3)
    expect(first).toEqual(missing(3))
    expect(first.every((i) => i < 50)).toBe(true)
    expect(first.length).toBeGreaterThan(5)
    expect(first.length).toBeLessThan(30)
  })
})

describe('storageFor', () => {
  it('stores an `old` row as 1.3 did, unless the writer is older still', () => {
    expect(storageFor('old', STORAGE_GENERATIONS.current)).toBe(STORAGE_GENERATIONS.v1_3)
    expect(storageFor('old', STORAGE_GENERATIONS.nothing)).toBe(STORAGE_GENERATIONS.nothing)
    expect(storageFor('plain', STORAGE_GENERATIONS.v1_9)).toBe(STORAGE_GENERATIONS.v1_9)
  })
})

describe('ledgerEra', () => {
  it('gives 1.18, 2 and 4 one era, so a seed gives them one ledger', () => {
    expect(ledgerEra('v2')).toEqual(ledgerEra('v1.18'))
    expect(ledgerEra('v4')).toEqual(ledgerEra('v1.18'))
    const a = buildLedgerState({ seed: 9, transactions: 120, profile: 'v4' })
    const b = buildLedgerState({ seed: 9, transactions: 120, profile: 'v1.18' })
    expect([...a.bySignature.keys()]).toEqual([...b.bySignature.keys()])
  })

  it('keeps invalid memos off Memo v1 on 1.3, whose parser panicked on them', () => {
    const state = buildLedgerState({ seed: 9, transactions: 1_000, profile: 'v1.3' })
    const decoder = new TextDecoder('utf-8', { fatal: true })
    for (const tx of state.bySignature.values()) {
      for (const ix of tx.message.instructions) {
        if (tx.accountKeys[ix.programIdIndex] !== MEMO_V1_PROGRAM_ID) continue
        expect(() => decoder.decode(ix.data)).not.toThrow()
      }
    }
  })
})
