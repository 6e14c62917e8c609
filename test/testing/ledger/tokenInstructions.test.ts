import { describe, expect, it } from 'vitest'
import { Execution } from '../../../src/testing/ledger/Execution'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  MEMO_PROGRAM_ID,
} from '../../../src/testing/ledger/programIds'
import {
  createIdempotentInstruction,
  initializeAccount3Instruction,
  memoInstruction,
  tokenTransferInstruction,
} from '../../../src/testing/ledger/tokenInstructions'
import {
  knownAccount,
  plainAccount,
  signerAccount,
  systemAccount,
  tokenFixture,
} from './accountsForTests'

describe('tokenTransferInstruction', () => {
  const f = tokenFixture()

  it('encodes Transfer as 3 + u64 with [source, destination, authority]', () => {
    const ix = tokenTransferInstruction(f.source, f.destination, f.owner, 258n, false)
    expect([...ix.data]).toEqual([3, 2, 1, 0, 0, 0, 0, 0, 0])
    expect(ix.program).toBe(f.token)
    expect(ix.accounts.map((meta) => meta.account)).toEqual([f.source, f.destination, f.owner])
    expect(ix.accounts[2]?.signer).toBe(true)
  })

  it("encodes TransferChecked as 12 + u64 + decimals with the mint, on the mint's program", () => {
    const ix = tokenTransferInstruction(f.source2022, f.destination2022, f.owner, 1n, true)
    expect([...ix.data]).toEqual([12, 1, 0, 0, 0, 0, 0, 0, 0, 9])
    expect(ix.program).toBe(f.token2022)
    expect(ix.accounts.map((meta) => meta.account)).toEqual([
      f.source2022,
      f.mint2022.account,
      f.destination2022,
      f.owner,
    ])
  })

  it('moves tokens, or fails with Custom(1) when the source holds too little', () => {
    const ok = new Execution(200_000, f.owner, 0n)
    tokenTransferInstruction(f.source, f.destination, f.owner, 1_000n, false).run(ok)
    expect(ok.tokensOf(f.source)).toBe(0n)
    expect(ok.tokensOf(f.destination)).toBe(1_005n)
    expect(ok.logs[1]).toBe('Program log: Instruction: Transfer')
    const short = new Execution(200_000, f.owner, 0n)
    tokenTransferInstruction(f.source, f.destination, f.owner, 1_001n, false).run(short)
    expect(short.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(short.logs).toContain('Program log: Error: insufficient funds')
  })

  it('rejects an account that is not a token account', () => {
    expect(() =>
      tokenTransferInstruction(plainAccount(99), f.destination, f.owner, 1n, false),
    ).toThrow()
  })
})

describe('initializeAccount3Instruction', () => {
  it('encodes 18 + owner and initializes an empty token account when committed', () => {
    const f = tokenFixture()
    const fresh = plainAccount(77)
    const ix = initializeAccount3Instruction(fresh, f.mint, f.owner)
    expect(ix.data[0]).toBe(18)
    expect([...ix.data.subarray(1)]).toEqual([...f.owner.bytes])
    expect(ix.accounts.map((meta) => [meta.account, meta.writable])).toEqual([
      [fresh, true],
      [f.mint.account, false],
    ])
    const ex = new Execution(200_000, f.owner, 0n)
    ix.run(ex)
    expect(ex.initialized).toEqual([
      { account: fresh, state: { mint: f.mint, owner: f.owner, amount: 0n } },
    ])
    expect(fresh.token).toBeUndefined()
  })
})

describe('createIdempotentInstruction', () => {
  it('lists payer, account, owner, mint, System and token program, and only checks', () => {
    const f = tokenFixture()
    const ata = knownAccount(ASSOCIATED_TOKEN_PROGRAM_ID)
    const system = systemAccount()
    const ix = createIdempotentInstruction(ata, f.owner, f.destination, system)
    expect([...ix.data]).toEqual([1])
    expect(ix.accounts.map((meta) => meta.account)).toEqual([
      f.owner,
      f.destination,
      f.other,
      f.mint.account,
      system,
      f.token,
    ])
    const ex = new Execution(200_000, f.owner, 0n)
    ix.run(ex)
    expect(ex.logs).toEqual([
      `Program ${ata.address} invoke [1]`,
      'Program log: CreateIdempotent',
      `Program ${ata.address} consumed 4338 of 200000 compute units`,
      `Program ${ata.address} success`,
    ])
    expect(ex.inner).toEqual([])
  })
})

describe('memoInstruction', () => {
  const memo = knownAccount(MEMO_PROGRAM_ID)
  const signer = signerAccount(1)

  it('carries the memo bytes as data and signers as readonly signing accounts', () => {
    const ix = memoInstruction(memo, new TextEncoder().encode('🦖 hi'), [signer])
    expect(ix.data).toHaveLength(7)
    expect(ix.accounts).toEqual([{ account: signer, signer: true, writable: false }])
    const ex = new Execution(200_000, signer, 0n)
    ix.run(ex)
    expect(ex.logs.slice(1, 3)).toEqual([
      `Program log: Signed by ${signer.address}`,
      'Program log: Memo (len 7): "🦖 hi"',
    ])
    expect(ex.err).toBeNull()
  })

  it('fails with InvalidInstructionData on bytes that are not UTF-8', () => {
    const ex = new Execution(200_000, signer, 0n)
    memoInstruction(memo, Uint8Array.of(0xff), []).run(ex)
    expect(ex.err).toEqual({ InstructionError: [0, 'InvalidInstructionData'] })
    expect(ex.logs.at(-1)).toBe(`Program ${memo.address} failed: invalid instruction data`)
  })
})
