import { sign } from 'node:crypto'
import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { deriveSigner } from '../../../src/testing/ledger/createWorld'

const hex = (value: string) => Uint8Array.from(Buffer.from(value, 'hex'))

describe('deriveSigner', () => {
  it('derives the RFC 8032 test vector 1 key pair and signature', () => {
    const seed = hex('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60')
    const signer = deriveSigner(seed, 5n)
    expect(Buffer.from(signer.bytes).toString('hex')).toBe(
      'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    )
    expect(signer.address).toBe(bs58.encode(signer.bytes))
    expect(signer.lamports).toBe(5n)
    const key = signer.signingKey
    if (key === undefined) throw new Error('no key')
    expect(sign(null, new Uint8Array(0), key).toString('hex')).toBe(
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
    )
  })

  it('gives different keys for different seeds', () => {
    const a = deriveSigner(new Uint8Array(32).fill(1), 0n)
    const b = deriveSigner(new Uint8Array(32).fill(2), 0n)
    expect(a.address).not.toBe(b.address)
  })
})
