import { describe, expect, it } from 'vitest'
import { compileMessage } from '../../../src/testing/ledger/compileMessage'
import type { LedgerAccount, LookupTable } from '../../../src/testing/ledger/types'
import { plainAccount, signerAccount, systemAccount } from './accountsForTests'

const meta = (account: LedgerAccount, signer: boolean, writable: boolean) => ({
  account,
  signer,
  writable,
})

describe('compileMessage', () => {
  const payer = signerAccount(1)
  const cosigner = signerAccount(2)
  const system = systemAccount()
  const program = plainAccount(9)
  const a = plainAccount(3)
  const b = plainAccount(4)
  const c = plainAccount(5)

  it('puts the payer first and groups signers/writable, merging privileges of repeated keys', () => {
    const message = compileMessage(
      payer,
      [
        {
          program,
          accounts: [meta(a, false, false), meta(cosigner, true, false), meta(b, false, true)],
          data: Uint8Array.of(1),
        },
        {
          program: system,
          accounts: [meta(payer, true, true), meta(a, false, true)],
          data: Uint8Array.of(2),
        },
      ],
      'legacy',
      [],
    )
    expect(message.staticKeys).toEqual([payer, cosigner, a, b, program, system])
    expect(message.header).toEqual({
      numRequiredSignatures: 2,
      numReadonlySignedAccounts: 1,
      numReadonlyUnsignedAccounts: 2,
    })
    expect(message.instructions).toEqual([
      { programIdIndex: 4, accounts: [2, 1, 3], data: Uint8Array.of(1) },
      { programIdIndex: 5, accounts: [0, 2], data: Uint8Array.of(2) },
    ])
    expect(message.lookups).toBeUndefined()
    expect(message.keys).toEqual(message.staticKeys)
  })

  it('loads listed non-signers from lookup tables in v0, never program ids or signers', () => {
    const tableA: LookupTable = { account: plainAccount(20), entries: [c, a] }
    const tableB: LookupTable = { account: plainAccount(21), entries: [b, program, cosigner] }
    const accounts = [tableA, tableB].flatMap((table, t) =>
      table.entries.map((entry, index) => {
        const previous = entry.lookup
        entry.lookup = { table: t, index }
        return () => {
          entry.lookup = previous
        }
      }),
    )
    try {
      const message = compileMessage(
        payer,
        [
          {
            program,
            accounts: [
              meta(a, false, false),
              meta(b, false, true),
              meta(c, false, true),
              meta(cosigner, true, false),
            ],
            data: new Uint8Array(0),
          },
        ],
        0,
        [tableA, tableB],
      )
      expect(message.staticKeys).toEqual([payer, cosigner, program])
      expect(message.loadedWritable).toEqual([c, b])
      expect(message.loadedReadonly).toEqual([a])
      expect(message.keys).toEqual([payer, cosigner, program, c, b, a])
      expect(message.lookups).toEqual([
        { table: tableA.account, writableIndexes: [0], readonlyIndexes: [1] },
        { table: tableB.account, writableIndexes: [0], readonlyIndexes: [] },
      ])
      expect(message.instructions[0]?.accounts).toEqual([5, 4, 3, 1])
      expect(message.header.numReadonlyUnsignedAccounts).toBe(1)
    } finally {
      for (const restore of accounts) restore()
    }
  })

  it('keeps a v0 message without table entries static, with an empty lookup list', () => {
    const message = compileMessage(
      payer,
      [{ program: system, accounts: [meta(a, false, true)], data: Uint8Array.of(0) }],
      0,
      [],
    )
    expect(message.lookups).toEqual([])
    expect(message.staticKeys).toEqual([payer, a, system])
  })
})
