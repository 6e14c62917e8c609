import { describe, expect, it } from 'vitest'
import { parseSystemInstruction } from '../../../src/testing/rpc/parseSystemInstruction'
import { writeJson } from '../../../src/testing/rpc/writeJson'
import { fixtureAddress } from '../fixtures/buildFixtureLedger'
import { le } from '../fixtures/rpcCaller'

const [a, b, c, d, e] = [1, 2, 3, 4, 5].map(fixtureAddress) as [
  string,
  string,
  string,
  string,
  string,
]
const owner = fixtureAddress(9)
const ownerBytes = (() => {
  const bytes = new Uint8Array(32)
  bytes[0] = 7
  bytes[31] = 9
  return bytes
})()
const seed = (text: string) => le(BigInt(text.length), new TextEncoder().encode(text))

describe('parseSystemInstruction', () => {
  it.each([
    [
      'createAccount',
      le({ u32: 0 }, 55n, 128n, ownerBytes),
      [a, b],
      { source: a, newAccount: b, lamports: 55n, space: 128n, owner },
    ],
    ['assign', le({ u32: 1 }, ownerBytes), [a], { account: a, owner }],
    [
      'transfer',
      le({ u32: 2 }, 2n ** 64n - 1n),
      [a, b],
      { source: a, destination: b, lamports: 2n ** 64n - 1n },
    ],
    [
      'createAccountWithSeed',
      le({ u32: 3 }, ownerBytes, seed('s1'), 5n, 6n, ownerBytes),
      [a, b],
      { source: a, newAccount: b, base: owner, seed: 's1', lamports: 5n, space: 6n, owner },
    ],
    [
      'advanceNonce',
      le({ u32: 4 }),
      [a, b, c],
      { nonceAccount: a, recentBlockhashesSysvar: b, nonceAuthority: c },
    ],
    [
      'withdrawFromNonce',
      le({ u32: 5 }, 9n),
      [a, b, c, d, e],
      {
        nonceAccount: a,
        destination: b,
        recentBlockhashesSysvar: c,
        rentSysvar: d,
        nonceAuthority: e,
        lamports: 9n,
      },
    ],
    [
      'initializeNonce',
      le({ u32: 6 }, ownerBytes),
      [a, b, c],
      { nonceAccount: a, recentBlockhashesSysvar: b, rentSysvar: c, nonceAuthority: owner },
    ],
    [
      'authorizeNonce',
      le({ u32: 7 }, ownerBytes),
      [a, b],
      { nonceAccount: a, nonceAuthority: b, newAuthorized: owner },
    ],
    ['allocate', le({ u32: 8 }, 10n), [a], { account: a, space: 10n }],
    [
      'allocateWithSeed',
      le({ u32: 9 }, ownerBytes, seed('x'), 10n, ownerBytes),
      [a, b],
      { account: a, base: owner, seed: 'x', space: 10n, owner },
    ],
    [
      'assignWithSeed',
      le({ u32: 10 }, ownerBytes, seed('x'), ownerBytes),
      [a, b],
      { account: a, base: owner, seed: 'x', owner },
    ],
    [
      'transferWithSeed',
      le({ u32: 11 }, 3n, seed('y'), ownerBytes),
      [a, b, c],
      {
        source: a,
        sourceBase: b,
        destination: c,
        lamports: 3n,
        sourceSeed: 'y',
        sourceOwner: owner,
      },
    ],
    ['upgradeNonce', le({ u32: 12 }), [a], { nonceAccount: a }],
  ] as const)('%s', (type, data, accounts, info) => {
    expect(parseSystemInstruction(data, accounts)).toEqual({ type, info })
  })

  it('writes lamports and space as JSON numbers with every digit', () => {
    const parsed = parseSystemInstruction(le({ u32: 2 }, 2n ** 64n - 1n), [a, b])
    expect(writeJson(parsed?.info ?? null)).toBe(
      `{"source":"${a}","destination":"${b}","lamports":18446744073709551615}`,
    )
  })

  it('accepts trailing bytes, as bincode does', () => {
    expect(parseSystemInstruction(le({ u32: 2 }, 1n, 0, 0), [a, b])?.type).toBe('transfer')
  })

  it.each([
    ['an unknown tag', le({ u32: 13 }), [a]],
    ['short data', le({ u32: 2 }, 1, 2), [a, b]],
    ['too few accounts', le({ u32: 2 }, 1n), [a]],
    ['a seed that is not UTF-8', le({ u32: 10 }, ownerBytes, 1n, 0xff, ownerBytes), [a, b]],
    ['a seed longer than the data', le({ u32: 10 }, ownerBytes, 99n), [a, b]],
  ] as const)('gives up on %s', (_, data, accounts) => {
    expect(parseSystemInstruction(data, accounts)).toBeUndefined()
  })
})
