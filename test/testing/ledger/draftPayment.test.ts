import { describe, expect, it } from 'vitest'
import { createRandom } from '../../../src/testing/ledger/createRandom'
import { createWorld } from '../../../src/testing/ledger/createWorld'
import { draftPayment, memoText } from '../../../src/testing/ledger/draftPayment'
import type { LedgerAccount } from '../../../src/testing/ledger/types'

describe('draftPayment', () => {
  const world = createWorld(createRandom(5))
  const payer = world.wallets[3] as LedgerAccount
  const programs = (kind: Parameters<typeof draftPayment>[2]) =>
    draftPayment(world, payer, kind).instructions.map((ix) => ix.program)

  it('starts with a System transfer from the payer', () => {
    const body = draftPayment(world, payer, 'transfer')
    expect(body.payer).toBe(payer)
    expect(programs('transfer')).toEqual([world.system])
    const amount = new DataView(
      body.instructions[0]?.data.buffer ?? new ArrayBuffer(12),
    ).getBigUint64(4, true)
    expect(amount).toBeLessThanOrEqual(payer.lamports / 40n)
  })

  it('adds the memos of each memo shape', () => {
    expect(programs('twoMemos')).toEqual([world.system, world.memo, world.memoV1])
    expect(draftPayment(world, payer, 'emptyMemo').instructions[1]?.data).toHaveLength(0)
    expect([...(draftPayment(world, payer, 'invalidMemo').instructions[1]?.data ?? [])]).toEqual([
      0xff, 0xfe, 0x41, 0xc3, 0x28,
    ])
    expect([world.memo, world.memoV1]).toContain(programs('memoPayment')[1])
  })

  it('asks for more than the payer holds, or leaves a new account short of rent', () => {
    const failed = draftPayment(world, payer, 'failedTransfer').instructions[0]
    const asked = new DataView(failed?.data.buffer ?? new ArrayBuffer(12)).getBigUint64(4, true)
    expect(asked).toBeGreaterThan(payer.lamports)
    const short = draftPayment(world, payer, 'rentShortfall')
    expect(short.rentShortfall?.lamports).toBe(0n)
    expect(short.instructions[0]?.accounts[1]?.account).toBe(short.rentShortfall)
  })
})

describe('memoText', () => {
  it('gives UTF-8 texts, some beyond ASCII', () => {
    const random = createRandom(1)
    const decoder = new TextDecoder('utf-8', { fatal: true })
    const texts = Array.from({ length: 200 }, () => decoder.decode(memoText(random)))
    expect(texts.some((text) => [...text].some((c) => (c.codePointAt(0) ?? 0) > 0x7f))).toBe(true)
    expect(texts).toContain('Test memo')
  })
})
