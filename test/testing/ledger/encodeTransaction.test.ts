import { Message, MessageV0, PublicKey, VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { compileMessage } from '../../../src/testing/ledger/compileMessage'
import {
  encodeTransaction,
  writeCompactU16,
  writeLittleEndian,
} from '../../../src/testing/ledger/encodeTransaction'
import { plainAccount, signerAccount, systemAccount } from './accountsForTests'
import { splitWire, verifySignature } from './verifyHelpers'

const blockhash = new Uint8Array(32).fill(7)

describe('encodeTransaction', () => {
  const payer = signerAccount(1)
  const cosigner = signerAccount(2)
  const to = plainAccount(3)
  const system = systemAccount()
  const data = Uint8Array.of(2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0)
  const accounts = [
    { account: payer, signer: true, writable: true },
    { account: cosigner, signer: true, writable: false },
    { account: to, signer: false, writable: true },
  ]

  it('writes a legacy message byte for byte as web3.js serializes it', () => {
    const compiled = compileMessage(payer, [{ program: system, accounts, data }], 'legacy', [])
    const { wire, signatures } = encodeTransaction(compiled, blockhash)
    const reference = new Message({
      header: compiled.header,
      accountKeys: compiled.staticKeys.map((key) => new PublicKey(key.bytes)),
      recentBlockhash: bs58.encode(blockhash),
      instructions: [{ programIdIndex: 3, accounts: [0, 1, 2], data: bs58.encode(data) }],
    })
    const { message } = splitWire(wire)
    expect(Buffer.from(message)).toEqual(reference.serialize())
    expect(wire[0]).toBe(2)
    expect(signatures).toHaveLength(2)
    expect(verifySignature(payer.address, message, bs58.decode(signatures[0] ?? ''))).toBe(true)
    expect(verifySignature(cosigner.address, message, bs58.decode(signatures[1] ?? ''))).toBe(true)
  })

  it('writes a v0 message with its 0x80 prefix and lookups as web3.js does', () => {
    const table = plainAccount(30)
    const compiled = compileMessage(payer, [{ program: system, accounts, data }], 0, [])
    const withLookup = {
      ...compiled,
      lookups: [{ table, writableIndexes: [4, 1], readonlyIndexes: [9] }],
    }
    const { wire } = encodeTransaction(withLookup, blockhash)
    const reference = new MessageV0({
      header: compiled.header,
      staticAccountKeys: compiled.staticKeys.map((key) => new PublicKey(key.bytes)),
      recentBlockhash: bs58.encode(blockhash),
      compiledInstructions: [{ programIdIndex: 3, accountKeyIndexes: [0, 1, 2], data }],
      addressTableLookups: [
        { accountKey: new PublicKey(table.bytes), writableIndexes: [4, 1], readonlyIndexes: [9] },
      ],
    })
    const { message } = splitWire(wire)
    expect(message[0]).toBe(0x80)
    expect(Buffer.from(message)).toEqual(Buffer.from(reference.serialize()))
    expect(VersionedTransaction.deserialize(wire).message.version).toBe(0)
  })

  it('refuses to sign for a signer without a key', () => {
    const keyless = plainAccount(40)
    const compiled = compileMessage(
      keyless,
      [{ program: system, accounts: [], data }],
      'legacy',
      [],
    )
    expect(() => encodeTransaction(compiled, blockhash)).toThrow(/no key/)
  })
})

describe('writeCompactU16', () => {
  it.each([
    [0, [0x00]],
    [5, [0x05]],
    [0x7f, [0x7f]],
    [0x80, [0x80, 0x01]],
    [0xff, [0xff, 0x01]],
    [0x100, [0x80, 0x02]],
    [0x3fff, [0xff, 0x7f]],
    [0x4000, [0x80, 0x80, 0x01]],
    [0xffff, [0xff, 0xff, 0x03]],
  ])('writes %i as %j', (value, bytes) => {
    const out = new Uint8Array(4).fill(0xaa)
    expect(writeCompactU16(out, 1, value)).toBe(1 + bytes.length)
    expect([...out.subarray(1, 1 + bytes.length)]).toEqual(bytes)
    expect(out[0]).toBe(0xaa)
  })

  it('only measures without an output array', () => {
    expect(writeCompactU16(undefined, 10, 300)).toBe(12)
  })
})

describe('writeLittleEndian', () => {
  it('writes unsigned integers low byte first, u64 max included', () => {
    const out = new Uint8Array(10)
    writeLittleEndian(out, 1, 0x0102n, 2)
    expect([...out.subarray(0, 3)]).toEqual([0, 2, 1])
    writeLittleEndian(out, 2, 2n ** 64n - 1n, 8)
    expect([...out.subarray(2)]).toEqual(new Array(8).fill(255))
  })
})
