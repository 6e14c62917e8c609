import { describe, expect, it } from 'vitest'
import { parseTokenInstruction } from '../../../src/testing/rpc/parseTokenInstruction'
import { toPlainJson } from '../../../src/testing/rpc/writeJson'
import { fixtureAddress } from '../fixtures/buildFixtureLedger'
import { le } from '../fixtures/rpcCaller'

const [a, b, c, d, e] = [1, 2, 3, 4, 5].map(fixtureAddress) as [
  string,
  string,
  string,
  string,
  string,
]
const key = fixtureAddress(9)
const keyBytes = (() => {
  const bytes = new Uint8Array(32)
  bytes[0] = 7
  bytes[31] = 9
  return bytes
})()
const amount = (raw: string, decimals: number, ui: number, text: string) => ({
  uiAmount: ui,
  decimals,
  amount: raw,
  uiAmountString: text,
})

function parse(data: Uint8Array, accounts: readonly string[]): unknown {
  const parsed = parseTokenInstruction(data, accounts)
  return parsed === undefined ? undefined : toPlainJson(parsed)
}

describe('parseTokenInstruction', () => {
  it.each([
    ['transfer', le(3, 42n), [a, b, c], { source: a, destination: b, amount: '42', authority: c }],
    [
      'transfer',
      le(3, 42n),
      [a, b, c, d, e],
      { source: a, destination: b, amount: '42', multisigAuthority: c, signers: [d, e] },
    ],
    [
      'transferChecked',
      le(12, 1_500n, 2),
      [a, b, c, d],
      {
        source: a,
        mint: b,
        destination: c,
        tokenAmount: amount('1500', 2, 15, '15'),
        authority: d,
      },
    ],
    ['approve', le(4, 1n), [a, b, c], { source: a, delegate: b, amount: '1', owner: c }],
    [
      'approveChecked',
      le(13, 1n, 0),
      [a, b, c, d],
      { source: a, mint: b, delegate: c, tokenAmount: amount('1', 0, 1, '1'), owner: d },
    ],
    ['revoke', le(5), [a, b], { source: a, owner: b }],
    ['mintTo', le(7, 5n), [a, b, c], { mint: a, account: b, amount: '5', mintAuthority: c }],
    [
      'mintToChecked',
      le(14, 5n, 1),
      [a, b, c],
      { mint: a, account: b, tokenAmount: amount('5', 1, 0.5, '0.5'), mintAuthority: c },
    ],
    [
      'burn',
      le(8, 5n),
      [a, b, c, d],
      { account: a, mint: b, amount: '5', multisigAuthority: c, signers: [d] },
    ],
    [
      'burnChecked',
      le(15, 5n, 0),
      [a, b, c],
      { account: a, mint: b, tokenAmount: amount('5', 0, 5, '5'), authority: c },
    ],
    ['closeAccount', le(9), [a, b, c], { account: a, destination: b, owner: c }],
    ['freezeAccount', le(10), [a, b, c], { account: a, mint: b, freezeAuthority: c }],
    ['thawAccount', le(11), [a, b, c], { account: a, mint: b, freezeAuthority: c }],
    [
      'initializeMint',
      le(0, 6, keyBytes, 0),
      [a, b],
      { mint: a, decimals: 6, mintAuthority: key, rentSysvar: b },
    ],
    [
      'initializeMint',
      le(0, 6, keyBytes, 1, keyBytes),
      [a, b],
      { mint: a, decimals: 6, mintAuthority: key, rentSysvar: b, freezeAuthority: key },
    ],
    ['initializeMint2', le(20, 6, keyBytes, 0), [a], { mint: a, decimals: 6, mintAuthority: key }],
    ['initializeAccount', le(1), [a, b, c, d], { account: a, mint: b, owner: c, rentSysvar: d }],
    [
      'initializeAccount2',
      le(16, keyBytes),
      [a, b, c],
      { account: a, mint: b, owner: key, rentSysvar: c },
    ],
    ['initializeAccount3', le(18, keyBytes), [a, b], { account: a, mint: b, owner: key }],
    [
      'initializeMultisig',
      le(2, 2),
      [a, b, c, d],
      { multisig: a, rentSysvar: b, signers: [c, d], m: 2 },
    ],
    ['initializeMultisig2', le(19, 1), [a, c, d], { multisig: a, signers: [c, d], m: 1 }],
    ['syncNative', le(17), [a], { account: a }],
    ['initializeImmutableOwner', le(22), [a], { account: a }],
    ['getAccountDataSize', le(21), [a], { mint: a }],
    ['amountToUiAmount', le(23, 10n), [a], { mint: a, amount: '10' }],
    [
      'uiAmountToAmount',
      le(24, new TextEncoder().encode('1.5')),
      [a],
      { mint: a, uiAmount: '1.5' },
    ],
    [
      'setAuthority',
      le(6, 0, 1, keyBytes),
      [a, b],
      { mint: a, authorityType: 'mintTokens', newAuthority: key, authority: b },
    ],
    [
      'setAuthority',
      le(6, 2, 0),
      [a, b],
      { account: a, authorityType: 'accountOwner', newAuthority: null, authority: b },
    ],
  ] as const)('%s', (type, data, accounts, info) => {
    expect(parse(data, accounts)).toEqual({ type, info })
  })

  it.each([
    ['an unknown tag', le(200), [a]],
    ['an extension instruction', le(26, 0), [a, b, c]],
    ['a short amount', le(3, 1, 2, 3), [a, b, c]],
    ['too few accounts', le(12, 1n, 0), [a, b, c]],
    ['a bad COption tag', le(0, 6, keyBytes, 2), [a, b]],
    ['an unknown authority type', le(6, 99, 0), [a, b]],
    ['empty data', le(), [a]],
  ] as const)('gives up on %s', (_, data, accounts) => {
    expect(parse(data, accounts)).toBeUndefined()
  })
})
