import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import {
  COMPUTE_BUDGET_PROGRAM_ID,
  MEMO_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../../../src/testing/ledger/programIds'
import {
  buildFixtureLedger,
  fixtureAddress,
  fixtureSignature,
} from '../fixtures/buildFixtureLedger'
import { le, rpcCaller } from '../fixtures/rpcCaller'

const payer = fixtureAddress(1)
const dest = fixtureAddress(2)
const source = fixtureAddress(3)
const mint = fixtureAddress(4)
const loadedW = fixtureAddress(5)
const loadedR = fixtureAddress(6)
const U64_MAX = 2n ** 64n - 1n

const transfer = { programIdIndex: 2, accounts: [0, 1], data: le({ u32: 2 }, 1n) }

// t0: legacy System transfer (slot 5, finalized). t1: v0 token transfer with loaded keys.
// t2: legacy, confirmed only (slot 7), 129 wire bytes. t3: legacy, processed only. t4: 128 bytes.
const fixture = buildFixtureLedger(
  [
    {
      slot: 5,
      txs: [
        {
          keys: [payer, dest, SYSTEM_PROGRAM_ID],
          numReadonlyUnsignedAccounts: 1,
          instructions: [transfer],
          meta: {
            preBalances: [U64_MAX, 0n, 1n],
            postBalances: [U64_MAX - 5001n, 1n, 1n],
            logMessages: [
              `Program ${SYSTEM_PROGRAM_ID} invoke [1]`,
              `Program ${SYSTEM_PROGRAM_ID} success`,
            ],
          },
        },
        {
          version: 0,
          keys: [
            payer,
            source,
            TOKEN_PROGRAM_ID,
            TOKEN_2022_PROGRAM_ID,
            MEMO_PROGRAM_ID,
            COMPUTE_BUDGET_PROGRAM_ID,
          ],
          numReadonlyUnsignedAccounts: 4,
          loaded: { writable: [loadedW], readonly: [loadedR] },
          instructions: [
            { programIdIndex: 5, accounts: [], data: le(2, { u32: 200_000 }) },
            { programIdIndex: 2, accounts: [1, 7, 6, 0], data: le(12, 1_500_000n, 6) },
            { programIdIndex: 3, accounts: [1, 6, 0], data: le(3, 42n) },
            { programIdIndex: 4, accounts: [], data: new TextEncoder().encode('hello') },
            { programIdIndex: 4, accounts: [0], data: Uint8Array.from([0xff, 0xfe]) },
          ],
          meta: {
            err: { InstructionError: [1, { BorshIoError: 'Unknown' }] },
            innerInstructions: [
              {
                index: 1,
                instructions: [
                  { programIdIndex: 3, accounts: [1, 6, 0], data: le(3, 7n), stackHeight: 2 },
                ],
              },
            ],
            preTokenBalances: [
              {
                accountIndex: 1,
                mint,
                owner: payer,
                programId: TOKEN_PROGRAM_ID,
                amount: 2_000_000n,
                decimals: 6,
              },
            ],
            postTokenBalances: [
              { accountIndex: 1, mint, owner: '', programId: '', amount: 500_000n, decimals: 6 },
            ],
            rewards: [
              {
                pubkey: payer,
                lamports: -5n,
                postBalance: U64_MAX,
                rewardType: 'Rent',
                commission: null,
              },
            ],
            returnData: { programId: TOKEN_PROGRAM_ID, data: Uint8Array.from([1, 2, 3]) },
          },
        },
      ],
    },
    { slot: 6, txs: [{ wireBytes: 128 }] },
    {
      slot: 7,
      blockTime: null,
      txs: [
        {
          wireBytes: 129,
          meta: {
            logMessages: null,
            innerInstructions: null,
            rewards: null,
            preTokenBalances: null,
            postTokenBalances: null,
          },
        },
      ],
    },
    { slot: 8, txs: [{}] },
  ],
  { processed: 8, confirmed: 7, finalized: 6 },
)
const [legacy, v0, fits, large, processedOnly] = [0, 1, 2, 3, 4].map((i) => fixture.sig(i)) as [
  string,
  string,
  string,
  string,
  string,
]
const METHODS = ['getTransaction', 'getConfirmedTransaction'] as const
const UNTAGGED =
  'Invalid params: data did not match any variant of untagged enum RpcEncodingConfigWrapper.'
const V0_REFUSED =
  'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0'

describe('getTransaction / getConfirmedTransaction results (v1.18)', () => {
  const { call, text } = rpcCaller(fixture.state, 'v1.18')

  it.each(METHODS)(
    '%s: json form of a legacy transfer, exactly as the node writes it',
    (method) => {
      const out = text(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [legacy] }))
      const blockhash = bs58.encode(new Uint8Array(32).fill(3))
      expect(out).toBe(
        `{"jsonrpc":"2.0","result":{"slot":5,"transaction":{"signatures":["${legacy}"],"message":{"header":{"numRequiredSignatures":1,"numReadonlySignedAccounts":0,"numReadonlyUnsignedAccounts":1},"accountKeys":["${payer}","${dest}","${SYSTEM_PROGRAM_ID}"],"recentBlockhash":"${blockhash}","instructions":[{"programIdIndex":2,"accounts":[0,1],"data":"3Bxs412MvVNQj175","stackHeight":null}]}},` +
          `"meta":{"err":null,"status":{"Ok":null},"fee":5000,"preBalances":[18446744073709551615,0,1],"postBalances":[18446744073709546614,1,1],"innerInstructions":[],"logMessages":["Program ${SYSTEM_PROGRAM_ID} invoke [1]","Program ${SYSTEM_PROGRAM_ID} success"],"preTokenBalances":[],"postTokenBalances":[],"rewards":[],"loadedAddresses":{"writable":[],"readonly":[]},"computeUnitsConsumed":150},"blockTime":1700000005},"id":1}`,
      )
    },
  )

  it('answers null for an unknown signature, or one not visible at the commitment', () => {
    expect(call('getTransaction', [fixtureSignature(999)])).toEqual({
      jsonrpc: '2.0',
      result: null,
      id: 1,
    })
    expect(call('getTransaction', [large]).result).toBeNull()
    expect(call('getTransaction', [large, { commitment: 'confirmed' }]).result).toMatchObject({
      slot: 7,
    })
    expect(call('getTransaction', [processedOnly, { commitment: 'confirmed' }]).result).toBeNull()
  })

  it('fills the blockTime of a confirmed-only slot without a timestamp from the bank clock', () => {
    expect(call('getTransaction', [large, { commitment: 'confirmed' }]).result).toMatchObject({
      blockTime: 1_700_000_006,
    })
  })

  it('writes null for meta fields that were not recorded', () => {
    const meta = (
      call('getTransaction', [large, { commitment: 'confirmed' }]).result as { meta: object }
    ).meta
    expect(meta).toMatchObject({
      logMessages: null,
      innerInstructions: null,
      rewards: null,
      preTokenBalances: null,
      postTokenBalances: null,
    })
    expect(meta).not.toHaveProperty('returnData')
  })

  it('accepts the bare encoding string form, with the same result shape (finalized, no version)', () => {
    for (const method of METHODS) {
      expect(call(method, [legacy, 'base64']).result).toEqual(
        call(method, [legacy, { encoding: 'base64' }]).result,
      )
      expect(call(method, [large, 'base64']).result).toBeNull()
    }
    const result = call('getTransaction', [legacy, 'base64']).result as { transaction: unknown }
    expect(result.transaction).toEqual([
      Buffer.from(fixture.txs[0]?.wire ?? []).toString('base64'),
      'base64',
    ])
    expect(result).not.toHaveProperty('version')
  })

  it('encodes base58 as a pair and the legacy binary as a plain base58 string', () => {
    const wire = fixture.txs[0]?.wire ?? new Uint8Array()
    expect(
      (call('getTransaction', [legacy, { encoding: 'base58' }]).result as { transaction: unknown })
        .transaction,
    ).toEqual([bs58.encode(wire), 'base58'])
    expect(
      (call('getTransaction', [legacy, 'binary']).result as { transaction: unknown }).transaction,
    ).toBe(bs58.encode(wire))
  })

  it('keeps loadedAddresses in json, base58 and base64 forms and leaves it out of jsonParsed', () => {
    const meta = (encoding: string) =>
      (
        call('getTransaction', [v0, { encoding, maxSupportedTransactionVersion: 0 }]).result as {
          meta: object
        }
      ).meta
    for (const encoding of ['json', 'base64', 'base58']) {
      expect(meta(encoding)).toHaveProperty('loadedAddresses', {
        writable: [loadedW],
        readonly: [loadedR],
      })
    }
    expect(meta('jsonParsed')).not.toHaveProperty('loadedAddresses')
  })
})

describe('transaction versions', () => {
  const { call } = rpcCaller(fixture.state, 'v1.18')

  it('refuses a v0 transaction without maxSupportedTransactionVersion with -32015', () => {
    expect(call('getTransaction', [v0]).error).toEqual({ code: -32015, message: V0_REFUSED })
    expect(call('getTransaction', [v0, 'base64']).error).toEqual({
      code: -32015,
      message: V0_REFUSED,
    })
  })

  it('always refuses it on getConfirmedTransaction, whose config has no such field', () => {
    expect(
      call('getConfirmedTransaction', [v0, { maxSupportedTransactionVersion: 0 }]).error,
    ).toEqual({
      code: -32015,
      message: V0_REFUSED,
    })
    // The unknown field is ignored, even with a value getTransaction would refuse.
    expect(
      call('getConfirmedTransaction', [legacy, { maxSupportedTransactionVersion: 999 }]).result,
    ).toMatchObject({ slot: 5 })
  })

  it('writes `version` only when the flag is set', () => {
    expect(call('getTransaction', [legacy]).result).not.toHaveProperty('version')
    expect(
      call('getTransaction', [legacy, { maxSupportedTransactionVersion: 0 }]).result,
    ).toHaveProperty('version', 'legacy')
    expect(
      call('getTransaction', [v0, { maxSupportedTransactionVersion: 0 }]).result,
    ).toHaveProperty('version', 0)
    expect(
      call('getTransaction', [v0, { maxSupportedTransactionVersion: 5 }]).result,
    ).toHaveProperty('version', 0)
    expect(call('getConfirmedTransaction', [legacy]).result).not.toHaveProperty('version')
  })

  it('gives json of a v0 message its lookups, static keys only, and indexes past them', () => {
    const result = call('getTransaction', [v0, { maxSupportedTransactionVersion: 0 }]).result as {
      transaction: {
        message: {
          accountKeys: string[]
          addressTableLookups: unknown[]
          instructions: { accounts: number[] }[]
        }
      }
    }
    expect(result.transaction.message.accountKeys).toHaveLength(6)
    expect(result.transaction.message.addressTableLookups).toEqual([])
    expect(result.transaction.message.instructions[1]?.accounts).toEqual([1, 7, 6, 0])
    const legacyMessage = (
      call('getTransaction', [legacy]).result as { transaction: { message: object } }
    ).transaction.message
    expect(legacyMessage).not.toHaveProperty('addressTableLookups')
  })
})

describe('config and signature checks', () => {
  const { call } = rpcCaller(fixture.state, 'v1.18')

  it.each(METHODS)('%s: any fault inside the config is the untagged-enum message', (method) => {
    for (const config of [
      5,
      'xml',
      'JSON',
      [],
      true,
      { encoding: 'xml' },
      { encoding: 5 },
      { encoding: 'json', other: 1, commitment: [] },
    ]) {
      const answer = call(method, [legacy, config])
      if ((config as { other?: number }).other === 1)
        expect(answer.result).toMatchObject({ slot: 5 })
      else expect(answer.error).toEqual({ code: -32602, message: UNTAGGED })
    }
  })

  it('reports a bad maxSupportedTransactionVersion with the untagged-enum message', () => {
    for (const version of [256, -1, 0.5, '0']) {
      expect(
        call('getTransaction', [legacy, { maxSupportedTransactionVersion: version }]).error,
      ).toEqual({ code: -32602, message: UNTAGGED })
    }
  })

  it('reads the one-key map form of an encoding, as the node does', () => {
    expect(call('getTransaction', [legacy, { base64: null }]).result).toEqual(
      call('getTransaction', [legacy, 'base64']).result,
    )
  })

  it.each(METHODS)('%s: params, then signature, then commitment', (method) => {
    const cases: [unknown[], string][] = [
      [['0', { encoding: 'xml', commitment: 'processed' }], UNTAGGED],
      [['0', { commitment: 'processed' }], 'Invalid param: Invalid'],
      [['2'.repeat(89)], 'Invalid param: WrongSize'],
      [[''], 'Invalid param: WrongSize'],
      [[payer], 'Invalid param: WrongSize'],
      [
        [legacy, { commitment: 'processed' }],
        'Method does not support commitment below `confirmed`',
      ],
    ]
    for (const [params, message] of cases)
      expect(call(method, params).error).toEqual({ code: -32602, message })
  })

  it('treats an unknown commitment as finalized and ignores unknown keys', () => {
    expect(call('getTransaction', [large, { commitment: 'bogus' }]).result).toBeNull()
    expect(
      call('getTransaction', [legacy, { commitment: 'bogus', minContextSlot: 1e9 }]).result,
    ).toMatchObject({ slot: 5 })
  })

  it('reads legacy commitment levels on v1.18 only', () => {
    expect(call('getTransaction', [large, { commitment: 'singleGossip' }]).result).toMatchObject({
      slot: 7,
    })
    expect(call('getTransaction', [legacy, { commitment: 'recent' }]).error?.code).toBe(-32602)
    const v2 = rpcCaller(fixture.state, 'v2').call
    expect(v2('getTransaction', [large, { commitment: 'singleGossip' }]).result).toBeNull()
    expect(v2('getTransaction', [legacy, { commitment: 'recent' }]).result).toMatchObject({
      slot: 5,
    })
  })
})

describe('base58 size limit', () => {
  const message =
    'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.'

  it('by default refuses base58 and binary for a transaction over 128 bytes with -32600', () => {
    const { call } = rpcCaller(fixture.state, 'v1.18')
    for (const encoding of ['base58', 'binary']) {
      expect(call('getTransaction', [large, { encoding, commitment: 'confirmed' }]).error).toEqual({
        code: -32600,
        message,
      })
      expect(call('getTransaction', [fits, encoding]).result).toMatchObject({ slot: 6 })
    }
    expect(
      call('getTransaction', [large, { encoding: 'base64', commitment: 'confirmed' }]).result,
    ).toMatchObject({ slot: 7 })
  })

  it('encodes any size with base58Limit: false, as Agave does', () => {
    const { call } = rpcCaller(fixture.state, 'v1.18', false)
    const result = call('getTransaction', [large, { encoding: 'base58', commitment: 'confirmed' }])
      .result as { transaction: unknown }
    expect(result.transaction).toEqual([
      bs58.encode(fixture.txs[3]?.wire ?? new Uint8Array()),
      'base58',
    ])
  })
})

describe('jsonParsed', () => {
  const { call } = rpcCaller(fixture.state, 'v1.18')
  const parsed = (profile: 'v1.18' | 'v2' | 'v4' = 'v1.18') =>
    rpcCaller(fixture.state, profile).call('getTransaction', [
      v0,
      { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 },
    ]).result as {
      transaction: {
        message: { accountKeys: object[]; instructions: object[]; addressTableLookups: unknown[] }
      }
      meta: {
        innerInstructions: { index: number; instructions: object[] }[]
        postTokenBalances: object[]
        err: unknown
        status: unknown
      }
    }

  it('lists static then loaded keys with writable, signer and source', () => {
    expect(parsed().transaction.message.accountKeys).toEqual([
      { pubkey: payer, writable: true, signer: true, source: 'transaction' },
      { pubkey: source, writable: true, signer: false, source: 'transaction' },
      { pubkey: TOKEN_PROGRAM_ID, writable: false, signer: false, source: 'transaction' },
      { pubkey: TOKEN_2022_PROGRAM_ID, writable: false, signer: false, source: 'transaction' },
      { pubkey: MEMO_PROGRAM_ID, writable: false, signer: false, source: 'transaction' },
      { pubkey: COMPUTE_BUDGET_PROGRAM_ID, writable: false, signer: false, source: 'transaction' },
      { pubkey: loadedW, writable: true, signer: false, source: 'lookupTable' },
      { pubkey: loadedR, writable: false, signer: false, source: 'lookupTable' },
    ])
    expect(parsed().transaction.message.addressTableLookups).toEqual([])
  })

  it('parses spl-token (Token-2022 too) and spl-memo, and falls back for other programs and bad memos', () => {
    expect(parsed().transaction.message.instructions).toEqual([
      {
        programId: COMPUTE_BUDGET_PROGRAM_ID,
        accounts: [],
        data: bs58.encode(le(2, { u32: 200_000 })),
        stackHeight: null,
      },
      {
        program: 'spl-token',
        programId: TOKEN_PROGRAM_ID,
        parsed: {
          type: 'transferChecked',
          info: {
            source,
            mint: loadedR,
            destination: loadedW,
            tokenAmount: { uiAmount: 1.5, decimals: 6, amount: '1500000', uiAmountString: '1.5' },
            authority: payer,
          },
        },
        stackHeight: null,
      },
      {
        program: 'spl-token',
        programId: TOKEN_2022_PROGRAM_ID,
        parsed: {
          type: 'transfer',
          info: { source, destination: loadedW, amount: '42', authority: payer },
        },
        stackHeight: null,
      },
      { program: 'spl-memo', programId: MEMO_PROGRAM_ID, parsed: 'hello', stackHeight: null },
      {
        programId: MEMO_PROGRAM_ID,
        accounts: [payer],
        data: bs58.encode(Uint8Array.from([0xff, 0xfe])),
        stackHeight: null,
      },
    ])
  })

  it('parses inner instructions with their stack height', () => {
    expect(parsed().meta.innerInstructions).toEqual([
      {
        index: 1,
        instructions: [
          {
            program: 'spl-token',
            programId: TOKEN_2022_PROGRAM_ID,
            parsed: {
              type: 'transfer',
              info: { source, destination: loadedW, amount: '7', authority: payer },
            },
            stackHeight: 2,
          },
        ],
      },
    ])
  })

  it('writes the top-level stackHeight as the profile does', () => {
    const heights = (profile: 'v1.18' | 'v2' | 'v4') =>
      parsed(profile).transaction.message.instructions.map(
        (ix) => (ix as { stackHeight: unknown }).stackHeight,
      )
    expect(heights('v1.18')).toEqual([null, null, null, null, null])
    expect(heights('v2')).toEqual([null, null, null, null, null])
    expect(heights('v4')).toEqual([1, 1, 1, 1, 1])
  })

  it('leaves out empty token-balance owners and writes uiTokenAmount', () => {
    expect(parsed().meta.postTokenBalances).toEqual([
      {
        accountIndex: 1,
        mint,
        uiTokenAmount: { uiAmount: 0.5, decimals: 6, amount: '500000', uiAmountString: '0.5' },
      },
    ])
  })

  it('keeps the v1.18 BorshIoError form and writes the unit variant on v4', () => {
    expect(parsed().meta.err).toEqual({ InstructionError: [1, { BorshIoError: 'Unknown' }] })
    expect(parsed('v4').meta.err).toEqual({ InstructionError: [1, 'BorshIoError'] })
    expect(parsed('v4').meta.status).toEqual({ Err: { InstructionError: [1, 'BorshIoError'] } })
  })

  it('writes json inner instructions compiled, with the stack height', () => {
    const meta = (
      call('getTransaction', [v0, { maxSupportedTransactionVersion: 0 }]).result as {
        meta: Record<string, unknown>
      }
    ).meta
    expect(meta.innerInstructions).toEqual([
      {
        index: 1,
        instructions: [
          { programIdIndex: 3, accounts: [1, 6, 0], data: bs58.encode(le(3, 7n)), stackHeight: 2 },
        ],
      },
    ])
    expect(meta.returnData).toEqual({ programId: TOKEN_PROGRAM_ID, data: ['AQID', 'base64'] })
    expect(meta.rewards).toEqual([
      {
        pubkey: payer,
        lamports: -5,
        postBalance: 18446744073709552000,
        rewardType: 'Rent',
        commission: null,
      },
    ])
  })
})

describe('profile differences in results', () => {
  it('v4 adds transactionIndex and costUnits; earlier profiles have neither', () => {
    const old = rpcCaller(fixture.state, 'v1.18').call('getTransaction', [legacy]).result as Record<
      string,
      unknown
    >
    const v4 = rpcCaller(fixture.state, 'v4').call('getTransaction', [legacy]).result as Record<
      string,
      unknown
    >
    expect(old).not.toHaveProperty('transactionIndex')
    expect(old.meta).not.toHaveProperty('costUnits')
    expect(Object.keys(v4)).toEqual([
      'slot',
      'transaction',
      'meta',
      'blockTime',
      'transactionIndex',
    ])
    expect(v4.meta).toHaveProperty('costUnits', 1200)
    const second = rpcCaller(fixture.state, 'v4').call('getTransaction', [
      v0,
      { maxSupportedTransactionVersion: 0 },
    ]).result
    expect(Object.keys(second as object)).toEqual([
      'slot',
      'transaction',
      'meta',
      'version',
      'blockTime',
      'transactionIndex',
    ])
    expect(second).toHaveProperty('transactionIndex', 1)
  })
})
