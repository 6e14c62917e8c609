import { describe, expectTypeOf, it } from 'vitest'
import { type Client, createClient } from '../src/client'
import type { JsonParsedInstruction } from '../src/schemas/Instruction'
import type { ParsedMessage, RawMessage } from '../src/schemas/Message'
import type { SignatureInfo } from '../src/schemas/SignatureInfo'

declare const client: Client
declare const bigClient: Client<'bigint'>
declare const sig: string

describe('result types follow the encoding', () => {
  it('json by default', async () => {
    const tx = await client.getConfirmedTransaction(sig)
    expectTypeOf(tx).toEqualTypeOf<NonNullable<typeof tx> | null>()
    if (tx === null) return
    expectTypeOf(tx.transaction.message).toEqualTypeOf<RawMessage>()
    expectTypeOf(tx.slot).toEqualTypeOf<bigint>()
  })

  it('jsonParsed through the config object', async () => {
    const tx = await client.getConfirmedTransaction(sig, { encoding: 'jsonParsed' })
    if (tx === null) return
    expectTypeOf(tx.transaction.message).toEqualTypeOf<ParsedMessage>()
    expectTypeOf(tx.transaction.message.instructions).toEqualTypeOf<JsonParsedInstruction[]>()
  })

  it('base64 and base58 as [data, encoding], also through the bare string form', async () => {
    const viaString = await client.getConfirmedTransaction(sig, 'base64')
    const viaObject = await client.getTransaction(sig, {
      encoding: 'base58',
      commitment: 'confirmed',
    })
    if (viaString === null || viaObject === null) return
    expectTypeOf(viaString.transaction).toEqualTypeOf<[string, 'base64']>()
    expectTypeOf(viaObject.transaction).toEqualTypeOf<[string, 'base58']>()
  })

  it('a commitment alone keeps json', async () => {
    const tx = await client.getConfirmedTransaction(sig, { commitment: 'confirmed' })
    if (tx === null) return
    expectTypeOf(tx.transaction.message).toEqualTypeOf<RawMessage>()
  })
})

describe('u64 mode', () => {
  it('gives bigint fields in bigint mode', async () => {
    const tx = await bigClient.getConfirmedTransaction(sig)
    if (tx === null || tx.meta === null) return
    expectTypeOf(tx.slot).toEqualTypeOf<bigint>()
    expectTypeOf(tx.meta.fee).toEqualTypeOf<bigint>()
    expectTypeOf(tx.meta.preBalances).toEqualTypeOf<bigint[]>()
    const page = await bigClient.getConfirmedSignaturesForAddress2(sig)
    expectTypeOf(page).toEqualTypeOf<SignatureInfo<'bigint'>[]>()
  })

  it('infers the mode from createClient', () => {
    expectTypeOf(createClient({ url: 'http://x', u64: 'bigint' })).toEqualTypeOf<Client<'bigint'>>()
    expectTypeOf(createClient({ url: 'http://x' })).toEqualTypeOf<Client<'bigint'>>()
    expectTypeOf(createClient({ url: 'http://x', u64: 'number' })).toEqualTypeOf<Client<'number'>>()
  })
})

describe('bad input is a type error', () => {
  it('rejects processed commitment, unknown encodings and unknown options', () => {
    // @ts-expect-error processed is not accepted by these methods
    client.getConfirmedSignaturesForAddress2(sig, { commitment: 'processed' })
    // @ts-expect-error base32 is not an encoding
    client.getConfirmedTransaction(sig, 'base32')
    // @ts-expect-error the deprecated method cannot take maxSupportedTransactionVersion
    client.getConfirmedTransaction(sig, { maxSupportedTransactionVersion: 0 })
    // @ts-expect-error url and transport are exclusive
    createClient({ url: 'http://x', transport: async () => null })
  })
})
