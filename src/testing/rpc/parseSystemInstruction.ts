import { ByteReader } from './ByteReader'
import type { ParsedInstructionBody } from './types'
import type { JsonOut } from './writeJson'

type Info = { [key: string]: JsonOut }

/** Fields of each System instruction, by its u32 tag: [type, accounts needed, read]. */
const VARIANTS: Readonly<
  Record<number, readonly [string, number, (r: ByteReader, a: readonly string[]) => Info]>
> = {
  0: [
    'createAccount',
    2,
    (r, a) =>
      ({
        source: a[0],
        newAccount: a[1],
        lamports: r.u64(),
        space: r.u64(),
        owner: r.pubkey(),
      }) as Info,
  ],
  1: ['assign', 1, (r, a) => ({ account: a[0], owner: r.pubkey() }) as Info],
  2: ['transfer', 2, (r, a) => ({ source: a[0], destination: a[1], lamports: r.u64() }) as Info],
  3: [
    'createAccountWithSeed',
    2,
    (r, a) => {
      const base = r.pubkey()
      const seed = r.string()
      return {
        source: a[0],
        newAccount: a[1],
        base,
        seed,
        lamports: r.u64(),
        space: r.u64(),
        owner: r.pubkey(),
      } as Info
    },
  ],
  4: [
    'advanceNonce',
    3,
    (_r, a) =>
      ({ nonceAccount: a[0], recentBlockhashesSysvar: a[1], nonceAuthority: a[2] }) as Info,
  ],
  5: [
    'withdrawFromNonce',
    5,
    (r, a) =>
      ({
        nonceAccount: a[0],
        destination: a[1],
        recentBlockhashesSysvar: a[2],
        rentSysvar: a[3],
        nonceAuthority: a[4],
        lamports: r.u64(),
      }) as Info,
  ],
  6: [
    'initializeNonce',
    3,
    (r, a) =>
      ({
        nonceAccount: a[0],
        recentBlockhashesSysvar: a[1],
        rentSysvar: a[2],
        nonceAuthority: r.pubkey(),
      }) as Info,
  ],
  7: [
    'authorizeNonce',
    2,
    (r, a) => ({ nonceAccount: a[0], nonceAuthority: a[1], newAuthorized: r.pubkey() }) as Info,
  ],
  8: ['allocate', 1, (r, a) => ({ account: a[0], space: r.u64() }) as Info],
  9: [
    'allocateWithSeed',
    2,
    (r, a) => {
      const base = r.pubkey()
      const seed = r.string()
      return { account: a[0], base, seed, space: r.u64(), owner: r.pubkey() } as Info
    },
  ],
  10: [
    'assignWithSeed',
    2,
    (r, a) => {
      const base = r.pubkey()
      const seed = r.string()
      return { account: a[0], base, seed, owner: r.pubkey() } as Info
    },
  ],
  11: [
    'transferWithSeed',
    3,
    (r, a) => {
      const lamports = r.u64()
      const sourceSeed = r.string()
      const sourceOwner = r.pubkey()
      return {
        source: a[0],
        sourceBase: a[1],
        destination: a[2],
        lamports,
        sourceSeed,
        sourceOwner,
      } as Info
    },
  ],
  12: ['upgradeNonce', 1, (_r, a) => ({ nonceAccount: a[0] }) as Info],
}

/**
 * The node's System program parser: bincode data with a u32 tag (trailing bytes allowed), the
 * variant's minimum account count, `lamports`/`space` as JSON numbers.
 */
export function parseSystemInstruction(
  data: Uint8Array,
  accounts: readonly string[],
): ParsedInstructionBody | undefined {
  const reader = new ByteReader(data)
  const variant = VARIANTS[reader.u32()]
  if (variant === undefined || !reader.ok) return undefined
  const [type, needed, read] = variant
  const info = read(reader, accounts)
  if (!reader.ok || accounts.length < needed) return undefined
  return { type, info }
}
