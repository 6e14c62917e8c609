import { describe, expectTypeOf, it } from 'vitest'
import {
  type ActionClient,
  getConfirmedSignaturesForAddress2,
  getConfirmedTransaction,
  getTransaction,
  signaturesForAddress,
  transactionsForAddress,
} from '../../src/actions/index'
import { type Client, createClient } from '../../src/client'
import type { RpcTransport } from '../../src/transport/types'

declare const transport: RpcTransport
declare const signature: string

describe('the u64 mode of an action follows its client', () => {
  it('is bigint for a client without one, number where it says so', async () => {
    const page = await getConfirmedSignaturesForAddress2({ transport }, signature)
    expectTypeOf(page[0]?.slot).toEqualTypeOf<bigint | undefined>()
    const numbers = await getConfirmedSignaturesForAddress2({ transport, u64: 'number' }, signature)
    expectTypeOf(numbers[0]?.slot).toEqualTypeOf<number | undefined>()
  })

  it('is bigint for a literal client and for a createClient result', async () => {
    const literal = await getConfirmedTransaction({ transport, u64: 'bigint' }, signature)
    expectTypeOf(literal?.slot).toEqualTypeOf<bigint | undefined>()
    const client = createClient({ transport, u64: 'bigint' })
    const tx = await getTransaction(client, signature, { maxSupportedTransactionVersion: 0 })
    expectTypeOf(tx?.meta?.fee).toEqualTypeOf<bigint | undefined>()
    for await (const info of signaturesForAddress(client, signature)) {
      expectTypeOf(info.slot).toEqualTypeOf<bigint>()
    }
  })

  it('accepts any Client as an ActionClient', () => {
    expectTypeOf<Client<'bigint'>>().toExtend<ActionClient<'bigint'>>()
    expectTypeOf<Client>().toExtend<ActionClient<'bigint'>>()
    expectTypeOf<Client<'number'>>().toExtend<ActionClient<'number'>>()
  })
})

describe('the result of a lookup follows its encoding', () => {
  it('as with the client methods', async () => {
    const base64 = await getConfirmedTransaction({ transport }, signature, 'base64')
    expectTypeOf(base64?.transaction).toEqualTypeOf<[string, 'base64'] | undefined>()
    const json = await getTransaction({ transport }, signature, { commitment: 'confirmed' })
    expectTypeOf(json?.transaction.message.accountKeys).toEqualTypeOf<string[] | undefined>()
    const walk = transactionsForAddress({ transport }, signature, { encoding: 'base58' })
    for await (const { transaction } of walk) {
      expectTypeOf(transaction?.transaction).toEqualTypeOf<[string, 'base58'] | undefined>()
    }
  })

  it('takes the signal in the config, never as another argument', () => {
    const signal = new AbortController().signal
    getTransaction({ transport }, signature, { encoding: 'json', signal })
    // @ts-expect-error: the signal goes in the config object.
    getTransaction({ transport }, signature, {}, { signal })
  })
})
