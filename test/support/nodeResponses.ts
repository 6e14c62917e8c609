/**
 * Node responses built from the node's UI types (Agave's `transaction-status-client-types`). Each call
 * returns a fresh value: the decoders convert u64 fields in place.
 */

export const SYSTEM = '11111111111111111111111111111111'
export const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
export const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111'
export const PAYER = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
export const DEST = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
export const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
export const TOKEN_SRC = 'Bx1hS1S5ZrHG6yxbdxtCK6kS3cUzHB1vvTa4yWCvYLqt'
export const TOKEN_DST = 'HSH3LftAhgNEQmpPRuxsXBSRe7EWNdVjLmVHKMXuJCxN'
export const TABLE = '2immgwYNHBbyVQKVGCEkgWpi53bLwWNRMB5G2nbgYV17'
export const LOADED = 'GgBaCs3NCBuZN12kCJgAW63ydqohFkHEdfdEXBPzLHq'
export const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N'
export const SIG_A =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
export const SIG_B =
  '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T4Q9qAVCSjUqpX7N4E6dGj6hwnwFN6Rfx4V3wmA2BEL4x'

/** getTransaction `json`, legacy System transfer of 1 lamport (1.18). */
export function jsonTransfer() {
  return {
    slot: 5,
    transaction: {
      signatures: [SIG_A],
      message: {
        header: {
          numRequiredSignatures: 1,
          numReadonlySignedAccounts: 0,
          numReadonlyUnsignedAccounts: 1,
        },
        accountKeys: [PAYER, DEST, SYSTEM],
        recentBlockhash: BLOCKHASH,
        instructions: [
          { programIdIndex: 2, accounts: [0, 1], data: '3Bxs412MvVNQj175', stackHeight: null },
        ],
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
      preTokenBalances: [],
      postTokenBalances: [],
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: 150,
    },
    blockTime: 1_700_000_000,
  } as Record<string, unknown> & { meta: Record<string, unknown> }
}

/**
 * A v0 token transfer through a lookup table on an Agave 4.x node (getTransaction `json` with
 * maxSupportedTransactionVersion 0): every optional meta field present.
 */
export function jsonV0TokenTransfer() {
  return {
    slot: 312_000_123,
    transaction: {
      signatures: [SIG_B],
      message: {
        header: {
          numRequiredSignatures: 1,
          numReadonlySignedAccounts: 0,
          numReadonlyUnsignedAccounts: 2,
        },
        accountKeys: [PAYER, TOKEN_SRC, COMPUTE_BUDGET, TOKEN],
        recentBlockhash: BLOCKHASH,
        instructions: [
          { programIdIndex: 2, accounts: [], data: 'HMypLP', stackHeight: 1 },
          { programIdIndex: 3, accounts: [1, 5, 4, 0], data: 'hDDqy4KAEGx3J', stackHeight: 1 },
        ],
        addressTableLookups: [{ accountKey: TABLE, writableIndexes: [0], readonlyIndexes: [3] }],
      },
    },
    meta: {
      err: null,
      status: { Ok: null },
      fee: 10_000,
      preBalances: [500_000_000, 2_039_280, 1, 934_087_680, 1_461_600, 2_039_280],
      postBalances: [499_990_000, 2_039_280, 1, 934_087_680, 1_461_600, 2_039_280],
      innerInstructions: [
        {
          index: 1,
          instructions: [
            { programIdIndex: 3, accounts: [1, 5, 0], data: '3Dc8EpW7Kr3R', stackHeight: 2 },
          ],
        },
      ],
      logMessages: [`Program ${TOKEN} invoke [1]`, `Program ${TOKEN} success`],
      preTokenBalances: [
        {
          accountIndex: 1,
          mint: MINT,
          owner: PAYER,
          programId: TOKEN,
          uiTokenAmount: {
            uiAmount: 1.5,
            decimals: 6,
            amount: '1500000',
            uiAmountString: '1.5',
          },
        },
        {
          // Old ledger data: owner and programId left out.
          accountIndex: 5,
          mint: MINT,
          uiTokenAmount: { uiAmount: null, decimals: 6, amount: '0', uiAmountString: '0' },
        },
      ],
      postTokenBalances: [
        {
          accountIndex: 1,
          mint: MINT,
          owner: PAYER,
          programId: TOKEN,
          uiTokenAmount: { uiAmount: 0.5, decimals: 6, amount: '500000', uiAmountString: '0.5' },
        },
      ],
      rewards: [
        {
          pubkey: PAYER,
          lamports: -5000,
          postBalance: 499_990_000,
          rewardType: 'Rent',
          commission: null,
        },
        {
          pubkey: DEST,
          lamports: 2500,
          postBalance: 1_002_500,
          rewardType: 'Voting',
          commission: 10,
          commissionBps: 1000,
        },
      ],
      loadedAddresses: { writable: [TOKEN_DST], readonly: [MINT] },
      returnData: { programId: TOKEN, data: ['AQAAAAAAAAA=', 'base64'] },
      computeUnitsConsumed: 6_200,
      costUnits: 3_428,
    },
    blockTime: 1_760_000_000,
    version: 0,
    transactionIndex: 17,
  } as Record<string, unknown> & { meta: Record<string, unknown> }
}

/** The same kind of transaction in `jsonParsed`: parsed, memo, partially decoded instructions. */
export function jsonParsedTransaction() {
  return {
    slot: 250_000_000,
    transaction: {
      signatures: [SIG_A],
      message: {
        accountKeys: [
          { pubkey: PAYER, writable: true, signer: true, source: 'transaction' },
          { pubkey: DEST, writable: true, signer: false, source: 'transaction' },
          { pubkey: TOKEN_SRC, writable: true, signer: false, source: 'transaction' },
          { pubkey: SYSTEM, writable: false, signer: false, source: 'transaction' },
          { pubkey: MEMO, writable: false, signer: false, source: 'transaction' },
          { pubkey: COMPUTE_BUDGET, writable: false, signer: false, source: 'transaction' },
          { pubkey: TOKEN_2022, writable: false, signer: false, source: 'transaction' },
          { pubkey: TOKEN_DST, writable: true, signer: false, source: 'lookupTable' },
          { pubkey: MINT, writable: false, signer: false, source: 'lookupTable' },
        ],
        recentBlockhash: BLOCKHASH,
        instructions: [
          {
            programId: COMPUTE_BUDGET,
            accounts: [],
            data: 'HMypLP',
            stackHeight: null,
          },
          {
            program: 'system',
            programId: SYSTEM,
            parsed: {
              type: 'transfer',
              info: { source: PAYER, destination: DEST, lamports: 1 },
            },
            stackHeight: null,
          },
          { program: 'spl-memo', programId: MEMO, parsed: 'Test memo', stackHeight: null },
          {
            program: 'spl-token',
            programId: TOKEN_2022,
            // An instruction without fields: `info` is left out.
            parsed: { type: 'syncNative' },
            stackHeight: null,
          },
        ],
        addressTableLookups: [{ accountKey: TABLE, writableIndexes: [4], readonlyIndexes: [0] }],
      },
    },
    meta: {
      err: null,
      status: { Ok: null },
      fee: 5000,
      preBalances: [10_000_000, 0, 2_039_280, 1, 1, 1, 1, 2_039_280, 1_461_600],
      postBalances: [9_994_999, 1, 2_039_280, 1, 1, 1, 1, 2_039_280, 1_461_600],
      innerInstructions: [
        {
          index: 3,
          instructions: [
            {
              program: 'spl-token',
              programId: TOKEN_2022,
              parsed: {
                type: 'transferChecked',
                info: {
                  source: TOKEN_SRC,
                  destination: TOKEN_DST,
                  mint: MINT,
                  authority: PAYER,
                  tokenAmount: {
                    amount: '1000000',
                    decimals: 6,
                    uiAmount: 1,
                    uiAmountString: '1',
                  },
                },
              },
              stackHeight: 2,
            },
            // Nodes before 1.2.18 sent the fallback in the plain compiled form.
            { programIdIndex: 5, accounts: [0], data: '3Bxs', stackHeight: 2 },
          ],
        },
      ],
      logMessages: null,
      preTokenBalances: [],
      postTokenBalances: [],
      rewards: null,
      computeUnitsConsumed: 2_000,
    },
    blockTime: null,
    version: 'legacy',
  } as Record<string, unknown> & { meta: Record<string, unknown> }
}

/** A `base58` / `base64` record: `[data, encoding]`. */
export function encodedTransaction(encoding: 'base58' | 'base64') {
  const record = jsonTransfer()
  record.transaction = encoding === 'base64' ? ['AQIDBAU=', 'base64'] : ['2VfUX', 'base58']
  return record
}

/** A getConfirmedSignaturesForAddress2 page (1.18 item shape). */
export function signaturePage(): Record<string, unknown>[] {
  return [
    {
      signature: SIG_A,
      slot: 114,
      err: null,
      memo: null,
      blockTime: 1_700_000_000,
      confirmationStatus: 'finalized',
    },
    {
      signature: SIG_B,
      slot: 113,
      err: { InstructionError: [0, { Custom: 1 }] },
      memo: '[9] Test memo; [4] 🦖',
      blockTime: null,
      confirmationStatus: null,
    },
    {
      // Agave 4.x adds transactionIndex.
      signature: SIG_A.slice(1),
      slot: 100,
      err: 'BlockhashNotFound',
      memo: null,
      blockTime: 1_699_999_000,
      confirmationStatus: 'confirmed',
      transactionIndex: 3,
    },
  ]
}
