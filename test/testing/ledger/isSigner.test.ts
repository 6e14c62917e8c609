import { describe, expect, it } from 'vitest'
import { isSigner } from '../../../src/testing/ledger/accountPrivileges'
import type { LedgerMessage } from '../../../src/testing/ledger/types'

const message: LedgerMessage = {
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
    expect([0, 1, 2, 3, 4, -1].map((i) => isSigner(message, i))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ])
  })
})
