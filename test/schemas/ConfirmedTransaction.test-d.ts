import { describe, expectTypeOf, it } from 'vitest'
import type { ConfirmedTransaction } from '../../src/schemas/ConfirmedTransaction'
import type {
  CompiledInstruction,
  JsonParsedInstruction,
  ParsedInstruction,
} from '../../src/schemas/Instruction'
import type { InstructionError } from '../../src/schemas/InstructionError'
import type { ParsedTransaction, RawTransaction } from '../../src/schemas/Message'
import type { SignatureInfo } from '../../src/schemas/SignatureInfo'
import type { TransactionError } from '../../src/schemas/TransactionError'

describe('result types', () => {
  it('map u64 fields by mode and nothing else', () => {
    expectTypeOf<ConfirmedTransaction['slot']>().toEqualTypeOf<number>()
    expectTypeOf<ConfirmedTransaction<'json', 'bigint'>['slot']>().toEqualTypeOf<bigint>()
    expectTypeOf<ConfirmedTransaction<'json', 'bigint'>['blockTime']>().toEqualTypeOf<
      bigint | null
    >()
    type Meta = NonNullable<ConfirmedTransaction<'json', 'bigint'>['meta']>
    expectTypeOf<Meta['fee']>().toEqualTypeOf<bigint>()
    expectTypeOf<Meta['preBalances']>().toEqualTypeOf<bigint[]>()
    expectTypeOf<Meta['computeUnitsConsumed']>().toEqualTypeOf<bigint | undefined>()
    expectTypeOf<NonNullable<Meta['rewards']>[number]['lamports']>().toEqualTypeOf<bigint>()
    expectTypeOf<NonNullable<Meta['rewards']>[number]['commission']>().toEqualTypeOf<
      number | null
    >()
    expectTypeOf<ConfirmedTransaction<'json', 'bigint'>['transactionIndex']>().toEqualTypeOf<
      number | undefined
    >()
    expectTypeOf<SignatureInfo<'bigint'>['slot']>().toEqualTypeOf<bigint>()
    expectTypeOf<SignatureInfo['blockTime']>().toEqualTypeOf<number | null>()
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
