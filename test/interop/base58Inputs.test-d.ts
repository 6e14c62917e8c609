import type { Address, Signature } from '@solana/kit'
import type { PublicKey } from '@solana/web3.js'
import { describe, expectTypeOf, it } from 'vitest'
import type { Client } from '../../src/client'
import type { Base58Input } from '../../src/schemas/common'

declare const client: Client
declare const publicKey: PublicKey
declare const kitAddress: Address
declare const kitSignature: Signature
declare const bytes: Uint8Array

describe('base58 parameters take what web3.js and kit hand out', () => {
  it('kit Address and Signature, web3.js PublicKey and plain strings are Base58Input', () => {
    expectTypeOf<Address>().toExtend<Base58Input>()
    expectTypeOf<Signature>().toExtend<Base58Input>()
    expectTypeOf<PublicKey>().toExtend<Base58Input>()
    expectTypeOf<string>().toExtend<Base58Input>()
  })

  it('every address and signature parameter accepts them', () => {
    expectTypeOf(client.getConfirmedTransaction).toBeCallableWith(kitSignature)
    expectTypeOf(client.getTransaction).toBeCallableWith(kitSignature, {
      maxSupportedTransactionVersion: 0,
    })
    expectTypeOf(client.getConfirmedSignaturesForAddress2).toBeCallableWith(publicKey, {
      before: kitSignature,
      until: kitSignature,
    })
    expectTypeOf(client.getConfirmedSignaturesForAddress2).toBeCallableWith(kitAddress)
    expectTypeOf(client.getSignaturesForAddress).toBeCallableWith(publicKey, {
      before: 'a-plain-string',
    })
    expectTypeOf(client.getSignaturesForAddress).toBeCallableWith(kitAddress)
  })

  it('bytes and numbers are not', () => {
    expectTypeOf<Uint8Array>().not.toExtend<Base58Input>()
    // @ts-expect-error raw bytes must be encoded first
    client.getConfirmedTransaction(bytes)
    // @ts-expect-error a number is no address
    client.getSignaturesForAddress(42)
  })
})
