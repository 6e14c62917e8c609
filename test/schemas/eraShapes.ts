/**
 * One result per release line whose shapes differ, built field by field from the upstream
 * release history (the `transaction-status` UI types at each tag, and the PRs named below). Each
 * literal is checked against the static types with `satisfies`, so the types and the runtime
 * schemas are held to the same shapes. The recorded responses in test/fixtures/recorded are the
 * other half: what real nodes sent.
 */
import bs58 from 'bs58'
import type { ConfirmedTransaction } from '../../src/schemas/ConfirmedTransaction'
import type { SignatureInfo } from '../../src/schemas/SignatureInfo'
import {
  BLOCKHASH,
  DEST,
  MEMO,
  MINT,
  PAYER,
  SIG_A,
  SIG_B,
  SYSTEM,
  TABLE,
  TOKEN,
  TOKEN_DST,
  TOKEN_SRC,
} from '../support/nodeResponses'

const header = () => ({
  numRequiredSignatures: 1,
  numReadonlySignedAccounts: 0,
  numReadonlyUnsignedAccounts: 1,
})
const transfer = () => ({ programIdIndex: 2, accounts: [0, 1], data: '3Bxs412MvVNQj175' })
/** A 1-lamport System transfer, serialized (legacy wire format), base58: what `binary` carries. */
const WIRE_BASE58 = bs58.encode(
  Uint8Array.from([
    1,
    ...bs58.decode(SIG_A),
    ...[1, 0, 1, 3],
    ...[PAYER, DEST, SYSTEM].flatMap((key) => [...bs58.decode(key)]),
    ...bs58.decode(BLOCKHASH),
    ...[1, 2, 2, 0, 1, 12, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
  ]),
)

/** Nodes 1.0.16-1.0.20 / 1.1.3-1.1.7: `binary` encoding, a failure named `CustomError`, no optional meta fields. */
export function v1_0Binary() {
  return {
    slot: 4_310_177,
    transaction: WIRE_BASE58,
    meta: {
      err: { InstructionError: [0, { CustomError: 1 }] },
      status: { Err: { InstructionError: [0, { CustomError: 1 }] } },
      fee: 5000,
      preBalances: [499_998_932_500, 26_858_640, 1],
      postBalances: [499_998_927_500, 26_858_640, 1],
    },
  } satisfies ConfirmedTransaction<'binary', 'number'>
}

/** Nodes 1.2.10-1.2.17 `jsonParsed`: keys as `{ "<pubkey>": roles }`, parsers as `{ "<program>": value }`. */
export function v1_2JsonParsed() {
  return {
    slot: 20_100_011,
    transaction: {
      signatures: [SIG_A],
      message: {
        accountKeys: [
          { [PAYER]: ['writable', 'signer'] },
          { [DEST]: ['writable'] },
          { [MEMO]: [] },
        ],
        recentBlockhash: BLOCKHASH,
        instructions: [
          { 'spl-memo': 'gm' },
          // No parser for the program yet: the compiled form.
          { programIdIndex: 2, accounts: [0, 1], data: '3Bxs412MvVNQj175' },
        ],
      },
    },
    meta: {
      err: null,
      status: { Ok: null },
      fee: 5000,
      preBalances: [1_000_000, 0, 1_141_440],
      postBalances: [995_000, 0, 1_141_440],
    },
  } satisfies ConfirmedTransaction<'jsonParsed', 'number'>
}

/** 1.3.17 and later 1.3: inner instructions and logs, still no `blockTime` or token balances. */
export function v1_3Json() {
  return {
    slot: 36_000_001,
    transaction: {
      signatures: [SIG_A],
      message: {
        header: header(),
        accountKeys: [PAYER, DEST, SYSTEM],
        recentBlockhash: BLOCKHASH,
        instructions: [transfer()],
      },
    },
    meta: {
      err: null,
      status: { Ok: null },
      fee: 5000,
      preBalances: [1_000_000_000, 0, 1],
      postBalances: [999_994_999, 1, 1],
      innerInstructions: [],
      logMessages: [`Program ${SYSTEM} invoke [1]`, `Program ${SYSTEM} success`],
    },
  } satisfies ConfirmedTransaction<'json', 'number'>
}

/** 1.5.9: `uiAmount` as a string (reverted in 1.5.10), no `uiAmountString`, no owner; no tx rewards yet. */
export function v1_5_9TokenJson() {
  return {
    slot: 60_123_456,
    transaction: {
      signatures: [SIG_B],
      message: {
        header: header(),
        accountKeys: [PAYER, TOKEN_SRC, TOKEN_DST, TOKEN],
        recentBlockhash: BLOCKHASH,
        instructions: [{ programIdIndex: 3, accounts: [1, 2, 0], data: '3Dc8EpW7Kr3R' }],
      },
    },
    meta: {
      err: null,
      status: { Ok: null },
      fee: 5000,
      preBalances: [10_000_000, 2_039_280, 2_039_280, 1_089_991_680],
      postBalances: [9_995_000, 2_039_280, 2_039_280, 1_089_991_680],
      innerInstructions: [],
      logMessages: [`Program ${TOKEN} invoke [1]`, `Program ${TOKEN} success`],
      preTokenBalances: [
        {
          accountIndex: 1,
          mint: MINT,
          uiTokenAmount: { uiAmount: '2.5', decimals: 6, amount: '2500000' },
        },
      ],
      postTokenBalances: [
        {
          accountIndex: 1,
          mint: MINT,
          uiTokenAmount: { uiAmount: '2', decimals: 6, amount: '2000000' },
        },
        {
          accountIndex: 2,
          mint: MINT,
          uiTokenAmount: { uiAmount: '0.5', decimals: 6, amount: '500000' },
        },
      ],
    },
    blockTime: null,
  } satisfies ConfirmedTransaction<'json', 'number'>
}

/**
 * 1.6.11-1.6.16: rewards without `commission`; data written without CPI/log storage reads `[]`;
 * 1.6.0's `uiAmountString` bug left `''` for a zero whole amount, and a zero `uiAmount` reads `null`.
 */
export function v1_6Json() {
  return {
    slot: 80_000_000,
    transaction: {
      signatures: [SIG_B],
      message: {
        header: header(),
        accountKeys: [PAYER, TOKEN_SRC, TOKEN],
        recentBlockhash: BLOCKHASH,
        instructions: [{ programIdIndex: 2, accounts: [1, 0], data: 'A' }],
      },
    },
    meta: {
      err: { InstructionError: [0, { Custom: 1 }] },
      status: { Err: { InstructionError: [0, { Custom: 1 }] } },
      fee: 5000,
      preBalances: [10_000_000, 2_039_280, 1_089_991_680],
      postBalances: [9_995_000, 2_039_280, 1_089_991_680],
      innerInstructions: [],
      logMessages: [],
      preTokenBalances: [
        {
          accountIndex: 1,
          mint: MINT,
          uiTokenAmount: { uiAmount: null, decimals: 0, amount: '0', uiAmountString: '' },
        },
      ],
      postTokenBalances: [
        {
          accountIndex: 1,
          mint: MINT,
          uiTokenAmount: { uiAmount: null, decimals: 0, amount: '0', uiAmountString: '' },
        },
      ],
      rewards: [{ pubkey: PAYER, lamports: -2, postBalance: 9_995_000, rewardType: 'Rent' }],
    },
    blockTime: 1_620_000_000,
  } satisfies ConfirmedTransaction<'json', 'number'>
}

/** 1.11: `returnData` key always there, in the runtime's raw form; `jsonParsed` keys without `source`. */
export function v1_11JsonParsed() {
  return {
    slot: 140_000_000,
    transaction: {
      signatures: [SIG_A],
      message: {
        accountKeys: [
          { pubkey: PAYER, writable: true, signer: true },
          { pubkey: DEST, writable: true, signer: false },
          { pubkey: SYSTEM, writable: false, signer: false },
        ],
        recentBlockhash: BLOCKHASH,
        instructions: [
          {
            program: 'system',
            programId: SYSTEM,
            parsed: { type: 'transfer', info: { source: PAYER, destination: DEST, lamports: 1 } },
          },
        ],
      },
    },
    meta: {
      err: null,
      status: { Ok: null },
      fee: 5000,
      preBalances: [1_000_000_000, 0, 1],
      postBalances: [999_994_999, 1, 1],
      innerInstructions: null,
      logMessages: null,
      preTokenBalances: [],
      postTokenBalances: [],
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      returnData: { program_id: Array.from({ length: 32 }, () => 0), data: [1, 2, 3] },
      computeUnitsConsumed: 150,
    },
    blockTime: 1_655_000_000,
    version: 'legacy',
  } satisfies ConfirmedTransaction<'jsonParsed', 'number'>
}

/** 1.14: `jsonParsed` legacy messages carry `addressTableLookups: null`; no `stackHeight` yet. */
export function v1_14JsonParsed() {
  return {
    slot: 170_000_000,
    transaction: {
      signatures: [SIG_A],
      message: {
        accountKeys: [
          { pubkey: PAYER, writable: true, signer: true, source: 'transaction' },
          { pubkey: DEST, writable: true, signer: false, source: 'transaction' },
          { pubkey: SYSTEM, writable: false, signer: false, source: 'transaction' },
        ],
        recentBlockhash: BLOCKHASH,
        instructions: [{ programId: SYSTEM, accounts: [PAYER, DEST], data: '3Bxs412MvVNQj175' }],
        addressTableLookups: null,
      },
    },
    meta: {
      err: { InsufficientFundsForRent: { account_index: 1 } },
      status: { Err: { InsufficientFundsForRent: { account_index: 1 } } },
      fee: 5000,
      preBalances: [1_000_000_000, 0, 1],
      postBalances: [999_995_000, 0, 1],
      innerInstructions: [],
      logMessages: [`Program ${SYSTEM} invoke [1]`, `Program ${SYSTEM} success`],
      preTokenBalances: [],
      postTokenBalances: [],
      rewards: [],
      computeUnitsConsumed: 150,
    },
    blockTime: 1_670_000_000,
  } satisfies ConfirmedTransaction<'jsonParsed', 'number'>
}

/** 1.16-2.2: top-level `stackHeight: null`, inner ones numbered; a v0 lookup; `BorshIoError` with text. */
export function v1_18JsonV0() {
  return {
    slot: 250_000_000,
    transaction: {
      signatures: [SIG_B],
      message: {
        header: header(),
        accountKeys: [PAYER, TOKEN_SRC, TOKEN],
        recentBlockhash: BLOCKHASH,
        instructions: [
          { programIdIndex: 2, accounts: [1, 3, 0], data: '3Dc8EpW7Kr3R', stackHeight: null },
        ],
        addressTableLookups: [{ accountKey: TABLE, writableIndexes: [0], readonlyIndexes: [] }],
      },
    },
    meta: {
      err: { InstructionError: [0, { BorshIoError: 'Unknown' }] },
      status: { Err: { InstructionError: [0, { BorshIoError: 'Unknown' }] } },
      fee: 5000,
      preBalances: [10_000_000, 2_039_280, 1_089_991_680, 2_039_280],
      postBalances: [9_995_000, 2_039_280, 1_089_991_680, 2_039_280],
      // Stored before 1.16: inner instructions without a recorded height.
      innerInstructions: [
        {
          index: 0,
          instructions: [{ programIdIndex: 2, accounts: [1, 3, 0], data: 'A', stackHeight: null }],
        },
      ],
      logMessages: [],
      preTokenBalances: [],
      postTokenBalances: [],
      rewards: null,
      loadedAddresses: { writable: [TOKEN_DST], readonly: [] },
      computeUnitsConsumed: 4_500,
    },
    blockTime: 1_710_000_000,
    version: 0,
  } satisfies ConfirmedTransaction<'json', 'number'>
}

/** Agave 4.x: `transactionIndex`, `costUnits`, `commissionBps`, unit `BorshIoError`, top-level height 1. */
export function v4Json() {
  return {
    slot: 400_000_000,
    transaction: {
      signatures: [SIG_A],
      message: {
        header: header(),
        accountKeys: [PAYER, DEST, SYSTEM],
        recentBlockhash: BLOCKHASH,
        instructions: [{ ...transfer(), stackHeight: 1 }],
      },
    },
    meta: {
      err: { InstructionError: [0, 'BorshIoError'] },
      status: { Err: { InstructionError: [0, 'BorshIoError'] } },
      fee: 5000,
      preBalances: [1_000_000_000, 0, 1],
      postBalances: [999_995_000, 0, 1],
      innerInstructions: [],
      logMessages: [],
      preTokenBalances: [],
      postTokenBalances: [],
      rewards: [
        {
          pubkey: DEST,
          lamports: 10,
          postBalance: 10,
          rewardType: 'Voting',
          commission: 5,
          commissionBps: 500,
        },
      ],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: 150,
      costUnits: 1_470,
    },
    blockTime: 1_780_000_000,
    version: 'legacy',
    transactionIndex: 7,
  } satisfies ConfirmedTransaction<'json', 'number'>
}

/** Every transaction era above, by name and encoding. */
export const TRANSACTION_ERAS = [
  ['1.0 binary', 'binary', v1_0Binary],
  ['1.2.10-1.2.17 jsonParsed', 'jsonParsed', v1_2JsonParsed],
  ['1.3 json', 'json', v1_3Json],
  ['1.5.9 json', 'json', v1_5_9TokenJson],
  ['1.6 json', 'json', v1_6Json],
  ['1.11 jsonParsed', 'jsonParsed', v1_11JsonParsed],
  ['1.14 jsonParsed', 'jsonParsed', v1_14JsonParsed],
  ['1.18 json v0', 'json', v1_18JsonV0],
  ['4.x json', 'json', v4Json],
] as const

/** Signature infos of each era: 1.3 (no blockTime, no status), 1.5.5 (blockTime), 1.7.12 (memos), 4.0 (index). */
export function signatureInfoEras() {
  return [
    { signature: SIG_A, slot: 36_000_001, err: null, memo: null },
    {
      signature: SIG_A,
      slot: 60_000_000,
      err: { InstructionError: [0, { Custom: 6001 }] },
      memo: null,
      blockTime: null,
    },
    {
      signature: SIG_B,
      slot: 100_000_000,
      err: null,
      memo: '[2] gm',
      blockTime: 1_630_000_000,
      confirmationStatus: 'finalized',
    },
    {
      signature: SIG_B,
      slot: 400_000_000,
      err: null,
      memo: null,
      blockTime: 1_780_000_000,
      confirmationStatus: 'confirmed',
      transactionIndex: 12,
    },
  ] satisfies SignatureInfo<'number'>[]
}
