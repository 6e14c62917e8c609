import { describe, expectTypeOf, it } from 'vitest'
import type {
  InstructionError,
  InstructionForEncoding,
  JsonParsedInstruction,
  KnownInstructionError,
  KnownTransactionError,
  TransactionError,
  UnknownInstructionError,
  UnknownTransactionError,
} from '../src/index'
import type { MockLedgerHandlersOptions, MswExports } from '../src/testing/index'

// Types that public types are built from are exported too, so that code handling them can name
// them (the API documentation build fails on any that is not).
describe('the types the entries export', () => {
  it('name both halves of the error unions, so that known variants can be told apart', () => {
    expectTypeOf<
      KnownTransactionError | UnknownTransactionError
    >().toEqualTypeOf<TransactionError>()
    expectTypeOf<
      KnownInstructionError | UnknownInstructionError
    >().toEqualTypeOf<InstructionError>()
    expectTypeOf<'AccountInUse'>().toExtend<KnownTransactionError>()
    expectTypeOf<{ Custom: number }>().toExtend<KnownInstructionError>()
    expectTypeOf<'SomeFutureError'>().not.toExtend<KnownTransactionError>()
    expectTypeOf<'SomeFutureError'>().toExtend<UnknownTransactionError>()
  })

  it('name the instruction shape of each encoding', () => {
    expectTypeOf<InstructionForEncoding<'jsonParsed'>>().toEqualTypeOf<JsonParsedInstruction>()
  })

  it('name what mockLedgerHandlers takes of msw', () => {
    expectTypeOf<MockLedgerHandlersOptions['msw']>().toEqualTypeOf<MswExports | undefined>()
  })
})
