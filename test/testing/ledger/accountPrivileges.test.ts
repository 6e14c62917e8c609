import { describe, expect, it } from 'vitest'
import { isSigner, isWritable } from '../../../src/testing/ledger/accountPrivileges'
import {
  BPF_LOADER_UPGRADEABLE_PROGRAM_ID,
  COMPUTE_BUDGET_PROGRAM_ID,
  RESERVED_ACCOUNT_KEYS,
  SYSTEM_PROGRAM_ID,
  SYSVAR_CLOCK_ID,
} from '../../../src/testing/ledger/programIds'
import type { LedgerMessage } from '../../../src/testing/ledger/types'

const signerMessage: LedgerMessage = {
  version: 'legacy',
  header: {
    numRequiredSignatures: 2,
    numReadonlySignedAccounts: 1,
    numReadonlyUnsignedAccounts: 1,
  },
  staticAccountKeys: ['a', 'b', 'c', 'd'],
  recentBlockhash: 'h',
  instructions: [],
}

describe('isSigner', () => {
  it('is true for the first numRequiredSignatures keys only', () => {
    expect([0, 1, 2, 3, 4, -1].map((i) => isSigner(signerMessage, i))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ])
  })
})

const NONE = { writable: [], readonly: [] }

function message(
  keys: string[],
  header: LedgerMessage['header'],
  invoked: number[],
): LedgerMessage {
  return {
    version: 0,
    header,
    staticAccountKeys: keys,
    recentBlockhash: 'h',
    instructions: invoked.map((programIdIndex) => ({
      programIdIndex,
      accounts: [],
      data: new Uint8Array(0),
    })),
  }
}

describe('isWritable', () => {
  const header = {
    numRequiredSignatures: 2,
    numReadonlySignedAccounts: 1,
    numReadonlyUnsignedAccounts: 1,
  }

  it('follows the header: writable signers, readonly signers, writable, readonly', () => {
    const m = message(['payer', 'cosigner', 'dest', 'prog'], header, [3])
    expect([0, 1, 2, 3].map((i) => isWritable(m, i, NONE))).toEqual([true, false, true, false])
  })

  it('demotes builtins and sysvars even inside the writable range', () => {
    const m = message(
      ['payer', 'cosigner', SYSTEM_PROGRAM_ID, SYSVAR_CLOCK_ID, 'prog'],
      { ...header, numReadonlyUnsignedAccounts: 0 },
      [],
    )
    expect([2, 3, 4].map((i) => isWritable(m, i, NONE))).toEqual([false, false, true])
  })

  it('demotes invoked program ids unless the upgradeable loader is among the keys', () => {
    const keys = ['payer', 'cosigner', 'prog', 'other']
    const open = { ...header, numReadonlyUnsignedAccounts: 0 }
    expect(isWritable(message(keys, open, [2]), 2, NONE)).toBe(false)
    const withLoader = message([...keys, BPF_LOADER_UPGRADEABLE_PROGRAM_ID], open, [2])
    expect(isWritable(withLoader, 2, NONE)).toBe(true)
    expect(
      isWritable(message(keys, open, [2]), 2, {
        writable: [],
        readonly: [BPF_LOADER_UPGRADEABLE_PROGRAM_ID],
      }),
    ).toBe(true)
  })

  it('reads loaded keys: writable ones first, then readonly ones', () => {
    const m = message(['payer', 'cosigner', 'prog'], header, [2])
    const loaded = { writable: ['w1', SYSVAR_CLOCK_ID], readonly: ['r1'] }
    expect([3, 4, 5, 6].map((i) => isWritable(m, i, loaded))).toEqual([true, false, false, false])
  })

  it('takes another reserved set for newer nodes', () => {
    const m = message(
      ['payer', 'cosigner', COMPUTE_BUDGET_PROGRAM_ID],
      { ...header, numReadonlyUnsignedAccounts: 0 },
      [],
    )
    expect(isWritable(m, 2, NONE)).toBe(true)
    expect(isWritable(m, 2, NONE, RESERVED_ACCOUNT_KEYS)).toBe(false)
  })
})
