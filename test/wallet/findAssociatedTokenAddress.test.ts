import { generateKeyPairSync } from 'node:crypto'
import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { isOnEd25519Curve } from '../../src/shared/programAddress'
import { deriveAssociatedAccount } from '../../src/testing/ledger/createWorld'
import {
  findAssociatedTokenAddress,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../../src/wallet/findAssociatedTokenAddress'

// Published vectors: solana-program-library token/js test `getAssociatedTokenAddress`
// (Token), and paulmillr/micro-sol-signer test `tokenAddress` (Token-2022, PYUSD).
const VECTORS = [
  [
    'B8UwBUUnKwCyKuGMbFKWaG7exYdDk2ozZrPg72NyVbfj',
    TOKEN_PROGRAM_ID,
    '7o36UsWR1JQLpZ9PE2gn9L4SQ69CNNiWAXd4Jt7rqz9Z',
    'DShWnroshVbeUp28oopA3Pu7oFPDBtC1DBmPECXXAQ9n',
  ],
  [
    '22Wnk8PwyWZV7BfkZGJEKT9jGGdtvu7xY6EXeRh7zkBa',
    TOKEN_2022_PROGRAM_ID,
    '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo',
    '5nu6HDY7t1Ds8oPNsArrhb1rzvRqmGubyteyAUncFyNb',
  ],
] as const

describe('findAssociatedTokenAddress', () => {
  it('gives the published addresses, in the SDK (WebCrypto) and the mock (node:crypto)', async () => {
    for (const [wallet, program, mint, expected] of VECTORS) {
      expect(await findAssociatedTokenAddress(wallet, program, mint)).toBe(expected)
      const key = (address: string) => ({ address, bytes: bs58.decode(address), lamports: 0n })
      expect(deriveAssociatedAccount(key(wallet), key(program), key(mint)).address).toBe(expected)
    }
  })

  it('accepts an owner off the curve (an ATA owning an ATA) and refuses what is not a key', async () => {
    const [wallet, program, mint] = VECTORS[0]
    const nested = await findAssociatedTokenAddress(
      'DShWnroshVbeUp28oopA3Pu7oFPDBtC1DBmPECXXAQ9n',
      program,
      mint,
    )
    expect(nested).toBeDefined()
    expect(isOnEd25519Curve(bs58.decode(nested as string))).toBe(false)
    expect(await findAssociatedTokenAddress(wallet, program, 'short')).toBeUndefined()
  })
})

describe('isOnEd25519Curve', () => {
  it('holds for real public keys and fails for program addresses', () => {
    for (let i = 0; i < 20; i++) {
      const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' })
      expect(isOnEd25519Curve(new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url')))).toBe(true)
    }
    for (const [, , , ata] of VECTORS) expect(isOnEd25519Curve(bs58.decode(ata))).toBe(false)
    expect(isOnEd25519Curve(new Uint8Array(31))).toBe(false)
  })
})
