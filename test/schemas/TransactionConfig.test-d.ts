import { describe, expectTypeOf, it } from 'vitest'
import type { Client } from '../../src/client'
import type { ConfirmedTransaction } from '../../src/schemas/ConfirmedTransaction'
import type {
  ParsedMessage,
  ParsedTransaction,
  RawMessage,
  RawTransaction,
  TransactionConfig,
} from '../../src/schemas/Message'
import type { Reward, RewardType } from '../../src/schemas/Reward'

// Version 1 transactions (Agave 4.2): the message's budget, typed by u64 mode in both encodings.
describe('v1 types', () => {
  it('name transactionConfig on the messages of both encodings, priorityFee by mode', () => {
    type Config<TMode extends 'number' | 'bigint'> = {
      priorityFee: (TMode extends 'bigint' ? bigint : number) | null
      computeUnitLimit: number | null
      loadedAccountsDataSizeLimit: number | null
      heapSize: number | null
    }
    expectTypeOf<TransactionConfig>().toEqualTypeOf<Config<'bigint'>>()
    expectTypeOf<TransactionConfig<'number'>>().toEqualTypeOf<Config<'number'>>()
    expectTypeOf<RawMessage['transactionConfig']>().toEqualTypeOf<TransactionConfig | undefined>()
    expectTypeOf<ParsedMessage<'bigint'>['transactionConfig']>().toEqualTypeOf<
      TransactionConfig<'bigint'> | undefined
    >()
    expectTypeOf<ConfirmedTransaction<'json', 'bigint'>['transaction']>().toEqualTypeOf<
      RawTransaction<'bigint'>
    >()
    expectTypeOf<ConfirmedTransaction<'jsonParsed', 'bigint'>['transaction']>().toEqualTypeOf<
      ParsedTransaction<'bigint'>
    >()
    expectTypeOf<
      ConfirmedTransaction<'json', 'bigint'>['transaction']['message']['transactionConfig']
    >().toEqualTypeOf<TransactionConfig<'bigint'> | undefined>()
    expectTypeOf<
      ConfirmedTransaction<'jsonParsed', 'number'>['transaction']['message']['transactionConfig']
    >().toEqualTypeOf<TransactionConfig<'number'> | undefined>()
  })

  it("type version as 'legacy' or a number", () => {
    expectTypeOf<ConfirmedTransaction['version']>().toEqualTypeOf<'legacy' | number | undefined>()
    const tx = {} as ConfirmedTransaction<'json', 'bigint'>
    if (tx.version === 1) {
      expectTypeOf(tx.transaction.message.transactionConfig?.priorityFee).toEqualTypeOf<
        bigint | null | undefined
      >()
    }
  })

  it("type a client's walk results by its mode", () => {
    const client = {} as Client<'bigint'>
    const walk = client.transactionsForAddress('x', { encoding: 'jsonParsed' })
    type Entry = typeof walk extends AsyncIterable<infer T> ? T : never
    expectTypeOf<
      NonNullable<Entry['transaction']>['transaction']['message']['transactionConfig']
    >().toEqualTypeOf<TransactionConfig<'bigint'> | undefined>()
    expectTypeOf(client.maxSupportedTransactionVersion).toEqualTypeOf<number | undefined>()
  })

  it('type the reward fields of Agave 4.x', () => {
    expectTypeOf<'DeactivatedStake'>().toExtend<RewardType>()
    expectTypeOf<'5'>().toExtend<RewardType>()
    expectTypeOf<Reward['rewardType']>().toEqualTypeOf<RewardType | null | undefined>()
    expectTypeOf<Reward['commission']>().toEqualTypeOf<number | null | undefined>()
    expectTypeOf<Reward['commissionBps']>().toEqualTypeOf<number | undefined>()
  })
})
