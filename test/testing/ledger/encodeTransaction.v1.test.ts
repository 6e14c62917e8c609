import { MessageV1, VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { type CompiledMessage, compileMessage } from '../../../src/testing/ledger/compileMessage'
import { encodeTransaction, V1_LIMITS } from '../../../src/testing/ledger/encodeTransaction'
import { readMessage } from '../../../src/testing/ledger/StoredTransaction'
import type { LedgerAccount, TransactionConfigValues } from '../../../src/testing/ledger/types'
import { plainAccount, signerAccount, systemAccount } from './accountsForTests'
import { verifySignature } from './verifyHelpers'

/** A fee payer whose address bytes are all `fill`, signing with another key (bytes tests only). */
function bytesPayer(fill: number): LedgerAccount {
  return { ...plainAccount(fill), signingKey: signerAccount(fill).signingKey }
}

/** The message of anza-xyz/solana-sdk's `byte_layout_*` tests: payer [1; 32], program [2; 32]. */
function sdkMessage(
  config: TransactionConfigValues,
  instruction: CompiledMessage['instructions'][number],
): CompiledMessage {
  const payer = bytesPayer(1)
  const program = plainAccount(2)
  return {
    version: 1,
    header: {
      numRequiredSignatures: 1,
      numReadonlySignedAccounts: 0,
      numReadonlyUnsignedAccounts: 0,
    },
    staticKeys: [payer, program],
    loadedWritable: [],
    loadedReadonly: [],
    keys: [payer, program],
    instructions: [instruction],
    lookups: undefined,
    transactionConfig: config,
  }
}

const NO_CONFIG: TransactionConfigValues = {
  priorityFee: null,
  computeUnitLimit: null,
  loadedAccountsDataSizeLimit: null,
  heapSize: null,
}

const le = (value: bigint, length: number) =>
  Array.from({ length }, (_, i) => Number((value >> BigInt(8 * i)) & 0xffn))

describe('encodeTransaction, v1 (SIMD-0385)', () => {
  // The expected bytes are those of anza-xyz/solana-sdk `message/src/versions/v1/message.rs`
  // (tests `byte_layout_without_config`, `byte_layout_with_config`, commit 122f32e), after the
  // version byte `Message::serialize` puts in front.
  it('lays a message out byte for byte as solana-message does, signatures after it', () => {
    const message = sdkMessage(NO_CONFIG, {
      programIdIndex: 1,
      accounts: [0],
      data: Uint8Array.of(0xde, 0xad),
    })
    const { wire, signatures } = encodeTransaction(message, new Uint8Array(32).fill(0xab))
    const expected = [
      0x81,
      ...[1, 0, 0],
      ...le(0n, 4),
      ...new Array(32).fill(0xab),
      1,
      2,
      ...new Array(32).fill(1),
      ...new Array(32).fill(2),
      ...[1, 1, ...le(2n, 2)],
      0,
      0xde,
      0xad,
    ]
    expect([...wire.subarray(0, expected.length)]).toEqual(expected)
    expect(wire.length).toBe(expected.length + 64)
    expect(bs58.encode(wire.subarray(expected.length))).toBe(signatures[0])
  })

  it('writes the config mask and the values it marks, priority fee first', () => {
    const config = { ...NO_CONFIG, priorityFee: 0x0102030405060708n, computeUnitLimit: 0x11223344 }
    const message = sdkMessage(config, { programIdIndex: 1, accounts: [], data: new Uint8Array(0) })
    const { wire } = encodeTransaction(message, new Uint8Array(32).fill(0xbb))
    const expected = [
      0x81,
      ...[1, 0, 0],
      ...le(7n, 4),
      ...new Array(32).fill(0xbb),
      1,
      2,
      ...new Array(32).fill(1),
      ...new Array(32).fill(2),
      ...le(0x0102030405060708n, 8),
      ...le(0x11223344n, 4),
      ...[1, 0, ...le(0n, 2)],
    ]
    expect([...wire.subarray(0, wire.length - 64)]).toEqual(expected)
  })

  it('signs the message bytes with every signer, and web3.js 1.99 reads it back', () => {
    const payer = signerAccount(1)
    const cosigner = signerAccount(2)
    const config: TransactionConfigValues = {
      priorityFee: 12_345n,
      computeUnitLimit: 40_000,
      loadedAccountsDataSizeLimit: 65_536,
      heapSize: 65_536,
    }
    const data = Uint8Array.of(2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0)
    const compiled = compileMessage(
      payer,
      [
        {
          program: systemAccount(),
          accounts: [
            { account: payer, signer: true, writable: true },
            { account: cosigner, signer: true, writable: false },
            { account: plainAccount(3), signer: false, writable: true },
          ],
          data,
        },
      ],
      1,
      [],
      config,
    )
    const { wire, signatures } = encodeTransaction(compiled, new Uint8Array(32).fill(7))
    const body = wire.subarray(0, wire.length - 128)
    expect(verifySignature(payer.address, body, bs58.decode(signatures[0] ?? ''))).toBe(true)
    expect(verifySignature(cosigner.address, body, bs58.decode(signatures[1] ?? ''))).toBe(true)

    const parsed = VersionedTransaction.deserialize(wire)
    expect(parsed.message).toBeInstanceOf(MessageV1)
    expect(parsed.version).toBe(1)
    expect(parsed.signatures.map((s) => bs58.encode(s))).toEqual(signatures)
    const message = parsed.message as MessageV1
    expect(message.header).toEqual(compiled.header)
    expect(message.staticAccountKeys.map((k) => k.toBase58())).toEqual(
      compiled.staticKeys.map((k) => k.address),
    )
    expect(message.transactionConfig).toEqual({
      priorityFee: 12_345,
      computeUnitLimit: 40_000,
      loadedAccountsDataSizeLimit: 65_536,
      heapSize: 65_536,
    })
    expect(message.compiledInstructions).toEqual([
      { programIdIndex: 3, accountKeyIndexes: [0, 1, 2], data },
    ])
    // The ledger's own reader gives the same message back.
    const read = readMessage(
      wire,
      compiled.staticKeys.map((k) => k.address),
      'hash',
    )
    expect(read.version).toBe(1)
    expect(read.transactionConfig).toEqual(config)
    expect(read.instructions.map((ix) => [ix.programIdIndex, ix.accounts, [...ix.data]])).toEqual([
      [3, [0, 1, 2], [...data]],
    ])
  })

  it('compiles every key statically: a v1 message has no lookup tables', () => {
    const payer = signerAccount(1)
    const listed = { ...plainAccount(4), lookup: { table: 0, index: 0 } }
    const table = { account: plainAccount(30), entries: [listed] }
    const instruction = {
      program: systemAccount(),
      accounts: [{ account: listed, signer: false, writable: true }],
      data: new Uint8Array(0),
    }
    const compiled = compileMessage(payer, [instruction], 1, [table])
    expect(compiled.lookups).toBeUndefined()
    expect(compiled.staticKeys).toContain(listed)
    expect(compiled.transactionConfig).toEqual(NO_CONFIG)
    expect(compileMessage(payer, [instruction], 0, [table]).staticKeys).not.toContain(listed)
  })

  it('refuses to build a transaction past the SIMD-0385 limits', () => {
    const payer = signerAccount(1)
    const system = systemAccount()
    const build = (accounts: LedgerAccount[], data: Uint8Array, signers = 0) =>
      encodeTransaction(
        compileMessage(
          payer,
          [
            {
              program: system,
              accounts: accounts.map((account, i) => ({
                account,
                signer: i < signers,
                writable: true,
              })),
              data,
            },
          ],
          1,
          [],
        ),
        new Uint8Array(32),
      )
    const size = (wire: Uint8Array) => wire.length
    const room = V1_LIMITS.transactionBytes - size(build([], new Uint8Array(0)).wire)
    expect(size(build([], new Uint8Array(room)).wire)).toBe(V1_LIMITS.transactionBytes)
    expect(() => build([], new Uint8Array(room + 1))).toThrow(/4097 bytes/)
    const signers = Array.from({ length: 12 }, (_, i) => signerAccount(100 + i))
    expect(() => build(signers, new Uint8Array(0), 12)).toThrow(/13 signatures/)
    const many = Array.from({ length: 63 }, (_, i) => plainAccount(100 + i))
    expect(() => build(many, new Uint8Array(0))).toThrow(/65 addresses/)
    expect(build(many.slice(1), new Uint8Array(0)).wire.length).toBeLessThan(4096)
  })
})
