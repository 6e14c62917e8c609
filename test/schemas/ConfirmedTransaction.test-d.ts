import { describe, expectTypeOf, it } from 'vitest'
import type { ConfirmedTransaction } from '../../src/schemas/ConfirmedTransaction'
import type {
  CompiledInstruction,
  JsonParsedInstruction,
  LegacyParsedInstruction,
  ParsedInstruction,
} from '../../src/schemas/Instruction'
import type { InstructionError } from '../../src/schemas/InstructionError'
import type {
  AddressTableLookup,
  JsonParsedAccountKey,
  LegacyParsedAccountKey,
  ParsedAccountKey,
  ParsedMessage,
  ParsedTransaction,
  RawTransaction,
} from '../../src/schemas/Message'
import type { Reward } from '../../src/schemas/Reward'
import type { ConfirmationStatus, SignatureInfo } from '../../src/schemas/SignatureInfo'
import type { TokenBalance, UiTokenAmount } from '../../src/schemas/TokenBalance'
import type { TransactionError } from '../../src/schemas/TransactionError'
import type { RawReturnData, ReturnData } from '../../src/schemas/TransactionMeta'
import {
  signatureInfoEras,
  v1_0Binary,
  v1_2JsonParsed,
  v1_3Json,
  v1_5_9TokenJson,
  v1_6Json,
  v1_11JsonParsed,
  v1_14JsonParsed,
  v1_18JsonV0,
  v4Json,
} from './eraShapes'

describe('result types', () => {
  it('map u64 fields by mode and nothing else', () => {
    expectTypeOf<ConfirmedTransaction['slot']>().toEqualTypeOf<bigint>()
    expectTypeOf<ConfirmedTransaction<'json', 'number'>['slot']>().toEqualTypeOf<number>()
    expectTypeOf<ConfirmedTransaction<'json', 'bigint'>['slot']>().toEqualTypeOf<bigint>()
    expectTypeOf<ConfirmedTransaction<'json', 'bigint'>['blockTime']>().toEqualTypeOf<
      bigint | null | undefined
    >()
    type Meta = NonNullable<ConfirmedTransaction<'json', 'bigint'>['meta']>
    expectTypeOf<Meta['fee']>().toEqualTypeOf<bigint>()
    expectTypeOf<Meta['preBalances']>().toEqualTypeOf<bigint[]>()
    expectTypeOf<Meta['computeUnitsConsumed']>().toEqualTypeOf<bigint | undefined>()
    expectTypeOf<NonNullable<Meta['rewards']>[number]['lamports']>().toEqualTypeOf<bigint>()
    expectTypeOf<NonNullable<Meta['rewards']>[number]['commission']>().toEqualTypeOf<
      number | null | undefined
    >()
    expectTypeOf<ConfirmedTransaction<'json', 'bigint'>['transactionIndex']>().toEqualTypeOf<
      number | undefined
    >()
    expectTypeOf<SignatureInfo<'bigint'>['slot']>().toEqualTypeOf<bigint>()
    expectTypeOf<SignatureInfo['blockTime']>().toEqualTypeOf<bigint | null | undefined>()
    expectTypeOf<SignatureInfo<'number'>['blockTime']>().toEqualTypeOf<number | null | undefined>()
  })

  it('follow the encoding in transaction and inner instructions', () => {
    expectTypeOf<ConfirmedTransaction<'json'>['transaction']>().toEqualTypeOf<RawTransaction>()
    expectTypeOf<
      ConfirmedTransaction<'jsonParsed'>['transaction']
    >().toEqualTypeOf<ParsedTransaction>()
    expectTypeOf<ConfirmedTransaction<'base64'>['transaction']>().toEqualTypeOf<
      [string, 'base64']
    >()
    expectTypeOf<ConfirmedTransaction<'base58'>['transaction']>().toEqualTypeOf<
      [string, 'base58']
    >()
    type Inner<E extends 'json' | 'jsonParsed'> = NonNullable<
      NonNullable<ConfirmedTransaction<E>['meta']>['innerInstructions']
    >[number]['instructions'][number]
    expectTypeOf<Inner<'json'>>().toEqualTypeOf<CompiledInstruction>()
    expectTypeOf<Inner<'jsonParsed'>>().toEqualTypeOf<JsonParsedInstruction>()
    expectTypeOf<ParsedInstruction['parsed']>().toEqualTypeOf<
      string | { type: string; info?: unknown }
    >()
  })

  it('type errors as the known variants plus an open case that keeps `in` narrowing', () => {
    const error = { InstructionError: [0, { Custom: 1 }] } as TransactionError
    if (typeof error === 'object' && 'InstructionError' in error) {
      expectTypeOf(error.InstructionError).toEqualTypeOf<[number, InstructionError]>()
    }
    expectTypeOf<'SomeFutureError'>().toExtend<TransactionError>()
    expectTypeOf<{ SomeFutureError: { x: 1 } }>().toExtend<TransactionError>()
    expectTypeOf<{ InstructionError: 5 }>().not.toExtend<TransactionError>()
    expectTypeOf<{ Custom: 'x' }>().not.toExtend<InstructionError>()
  })
})

describe('the shapes of every release line', () => {
  it('accept each era as its own encoding', () => {
    expectTypeOf(v1_0Binary()).toExtend<ConfirmedTransaction<'binary', 'number'>>()
    expectTypeOf(v1_2JsonParsed()).toExtend<ConfirmedTransaction<'jsonParsed', 'number'>>()
    expectTypeOf(v1_3Json()).toExtend<ConfirmedTransaction<'json', 'number'>>()
    expectTypeOf(v1_5_9TokenJson()).toExtend<ConfirmedTransaction<'json', 'number'>>()
    expectTypeOf(v1_6Json()).toExtend<ConfirmedTransaction<'json', 'number'>>()
    expectTypeOf(v1_11JsonParsed()).toExtend<ConfirmedTransaction<'jsonParsed', 'number'>>()
    expectTypeOf(v1_14JsonParsed()).toExtend<ConfirmedTransaction<'jsonParsed', 'number'>>()
    expectTypeOf(v1_18JsonV0()).toExtend<ConfirmedTransaction<'json', 'number'>>()
    expectTypeOf(v4Json()).toExtend<ConfirmedTransaction<'json', 'number'>>()
    expectTypeOf(signatureInfoEras()).toExtend<SignatureInfo<'number'>[]>()
    expectTypeOf(v1_2JsonParsed()).not.toExtend<ConfirmedTransaction<'json', 'number'>>()
  })

  it('type the fields old nodes left out as optional, and their old forms', () => {
    type Meta = NonNullable<ConfirmedTransaction['meta']>
    expectTypeOf<ConfirmedTransaction<'binary'>['transaction']>().toEqualTypeOf<string>()
    expectTypeOf<Meta['logMessages']>().toEqualTypeOf<string[] | null | undefined>()
    expectTypeOf<Meta['returnData']>().toEqualTypeOf<
      ReturnData | RawReturnData | null | undefined
    >()
    expectTypeOf<TokenBalance['owner']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<UiTokenAmount['uiAmount']>().toEqualTypeOf<number | string | null>()
    expectTypeOf<UiTokenAmount['uiAmountString']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Reward<'number'>['postBalance']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<SignatureInfo['confirmationStatus']>().toEqualTypeOf<
      ConfirmationStatus | null | undefined
    >()
    expectTypeOf<ParsedMessage['accountKeys'][number]>().toEqualTypeOf<JsonParsedAccountKey>()
    expectTypeOf<ParsedMessage['addressTableLookups']>().toEqualTypeOf<
      AddressTableLookup[] | null | undefined
    >()
  })

  it('narrow the 1.2.10-1.2.17 forms away with a field check', () => {
    const key = {} as JsonParsedAccountKey
    if (key.pubkey !== undefined) expectTypeOf(key).toEqualTypeOf<ParsedAccountKey>()
    else expectTypeOf(key).toEqualTypeOf<LegacyParsedAccountKey>()
    const ix = {} as JsonParsedInstruction
    if ('parsed' in ix) expectTypeOf(ix.parsed).toEqualTypeOf<ParsedInstruction['parsed']>()
    else if ('programIdIndex' in ix) expectTypeOf(ix.programIdIndex).toEqualTypeOf<number>()
    else if ('programId' in ix) expectTypeOf(ix.programId).toEqualTypeOf<string>()
    else expectTypeOf(ix).toExtend<LegacyParsedInstruction>()
  })
})
