import bs58 from 'bs58'
import { isOnEd25519Curve, programAddressPreimage } from '../shared/programAddress'

/** The SPL Token program. */
export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** The Token-2022 program. */
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
/** The associated-token-account program. */
export const ASSOCIATED_TOKEN_PROGRAM_ID = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
/** Both token programs, Token first. */
export const TOKEN_PROGRAMS: readonly string[] = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]

// Marked pure: an app that imports an action but never walks a wallet drops it from its bundle.
const ASSOCIATED_TOKEN_PROGRAM = /* @__PURE__ */ bs58.decodeUnsafe(
  ASSOCIATED_TOKEN_PROGRAM_ID,
) as Uint8Array

/**
 * The associated token account of `wallet` for `mint` under `tokenProgram` (all base58): the
 * program address of seeds `[wallet, tokenProgram, mint]` under
 * `ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL` (solana-program/associated-token-account
 * `address.rs`). SHA-256 comes from WebCrypto (`crypto.subtle`, global in Node 20 and browsers);
 * the off-curve test is `isOnEd25519Curve`. Off-curve wallets (PDAs) are accepted, as
 * `findAssociatedTokenPda` accepts them. Undefined when an input is not a 32-byte key.
 */
export async function findAssociatedTokenAddress(
  wallet: string,
  tokenProgram: string,
  mint: string,
): Promise<string | undefined> {
  const seeds = [
    bs58.decodeUnsafe(wallet),
    bs58.decodeUnsafe(tokenProgram),
    bs58.decodeUnsafe(mint),
  ]
  if (seeds.some((seed) => seed?.length !== 32)) return undefined
  for (let bump = 255; bump > 0; bump--) {
    const preimage = programAddressPreimage(seeds as Uint8Array[], bump, ASSOCIATED_TOKEN_PROGRAM)
    const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', preimage))
    if (!isOnEd25519Curve(digest)) return bs58.encode(digest)
  }
  return undefined
}
