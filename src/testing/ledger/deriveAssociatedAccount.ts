import { createHash } from 'node:crypto'
import bs58 from 'bs58'
import { isOnEd25519Curve, programAddressPreimage } from '../../shared/programAddress'
import { encodeKeyBase58 } from './encodeKeyBase58'
import type { LedgerAccount } from './LedgerAccount'
import { ASSOCIATED_TOKEN_PROGRAM_ID } from './programIds'

const ASSOCIATED_TOKEN_PROGRAM = bs58.decode(ASSOCIATED_TOKEN_PROGRAM_ID)

/**
 * The associated token account of `wallet` for `mint` under `tokenProgram`: the program address
 * of seeds `[wallet, tokenProgram, mint]` under the associated-token-account program
 * (solana-program/associated-token-account `get_associated_token_address_and_bump_seed_internal`),
 * hashed with node:crypto's SHA-256. A fresh account holding no lamports.
 */
export function deriveAssociatedAccount(
  wallet: LedgerAccount,
  tokenProgram: LedgerAccount,
  mint: LedgerAccount,
): LedgerAccount {
  const seeds = [wallet.bytes, tokenProgram.bytes, mint.bytes]
  for (let bump = 255; bump > 0; bump--) {
    const preimage = programAddressPreimage(seeds, bump, ASSOCIATED_TOKEN_PROGRAM)
    const bytes = new Uint8Array(createHash('sha256').update(preimage).digest())
    if (!isOnEd25519Curve(bytes)) return { address: encodeKeyBase58(bytes), bytes, lamports: 0n }
  }
  throw new Error('mock ledger: no associated account address for these seeds')
}
