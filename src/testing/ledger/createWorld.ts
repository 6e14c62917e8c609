import { createHash, createPrivateKey, createPublicKey } from 'node:crypto'
import bs58 from 'bs58'
import { isOnEd25519Curve, programAddressPreimage } from '../../shared/programAddress'
import type { Random } from './createRandom'
import { encodeKeyBase58 } from './encodeKeyBase58'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  COMPUTE_BUDGET_PROGRAM_ID,
  MEMO_PROGRAM_ID,
  MEMO_V1_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
  SYSVAR_CLOCK_ID,
  SYSVAR_RENT_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from './programIds'
import type { LedgerAccount, LookupTable, MintInfo } from './types'

/** Everything the transaction drafts draw accounts from; balances evolve as the ledger is built. */
export type World = Readonly<{
  random: Random
  system: LedgerAccount
  token: LedgerAccount
  token2022: LedgerAccount
  memoV1: LedgerAccount
  memo: LedgerAccount
  computeBudget: LedgerAccount
  associatedToken: LedgerAccount
  /** Custom programs: a swap that CPIs, the router it calls, and a CPI-free oracle. */
  swap: LedgerAccount
  router: LedgerAccount
  oracle: LedgerAccount
  rentSysvar: LedgerAccount
  clock: LedgerAccount
  /** Fee payers. `wallets[0]` is the hot wallet that takes part in about half the transactions. */
  wallets: readonly LedgerAccount[]
  /** Signers holding more than 2^53 lamports. */
  whales: readonly LedgerAccount[]
  /** Recipients that never sign. */
  externals: readonly LedgerAccount[]
  tipAccounts: readonly LedgerAccount[]
  mints: readonly MintInfo[]
  /** Token accounts by owner. */
  holdings: ReadonlyMap<LedgerAccount, readonly LedgerAccount[]>
  /** Token accounts by mint. */
  holders: ReadonlyMap<MintInfo, readonly LedgerAccount[]>
  vaults: readonly Readonly<{
    account: LedgerAccount
    tokens: ReadonlyMap<MintInfo, LedgerAccount>
  }>[]
  treasury: LedgerAccount
  oracleStates: readonly LedgerAccount[]
  /** Old accounts below rent exemption, which still pay rent when written. */
  rentPayers: readonly LedgerAccount[]
  tables: readonly LookupTable[]
  /** A payer drawn with the hot wallet first and the others in a Zipf-like tail. */
  pickPayer: () => LedgerAccount
  /** A System transfer recipient other than `payer`. */
  pickRecipient: (payer: LedgerAccount) => LedgerAccount
  /** A never-seen non-signing address. */
  freshAddress: (lamports: bigint) => LedgerAccount
  /** A never-seen signer (a key pair), or undefined once the budget of new keys is spent. */
  freshSigner: () => LedgerAccount | undefined
}>

const SOL = 1_000_000_000n
const WALLETS = 36
const EXTERNALS = 90
/** Key generation through node:crypto costs about 0.6 ms, so new signers are rationed. */
const FRESH_SIGNERS = 24

/**
 * Creates the accounts of a ledger from `random`: programs, sysvars, wallets (key pairs), whales,
 * recipients, mints (decimals 6 and 9, one on Token-2022), token accounts, vaults and two lookup
 * tables. The same random sequence gives the same world.
 */
export function createWorld(random: Random): World {
  const freshAddress = (lamports: bigint): LedgerAccount => {
    const bytes = random.bytes(32)
    return { address: encodeKeyBase58(bytes), bytes, lamports }
  }
  const signer = (lamports: bigint): LedgerAccount => deriveSigner(random.bytes(32), lamports)

  const programs = builtinAccounts()
  const { system, token, token2022, rentSysvar, clock } = programs

  const { wallets, whales, externals, tipAccounts } = createParticipants(
    random,
    signer,
    freshAddress,
  )

  const { mints, holdings, holders, vaults } = openTokenAccounts(
    random,
    freshAddress,
    [token, token2022],
    [...wallets, ...whales],
    externals.slice(0, 48),
  )
  const treasury = freshAddress(BigInt(random.between(100, 10_000)) * SOL)
  const oracleStates = Array.from({ length: 4 }, () => freshAddress(3_173_760n))
  const rentPayers = Array.from({ length: 3 }, () =>
    freshAddress(BigInt(random.between(400_000, 850_000))),
  )

  const tables = lookupTables(
    [freshAddress(0n), freshAddress(0n)],
    [
      system,
      token,
      token2022,
      rentSysvar,
      clock,
      ...mints.map((mint) => mint.account),
      ...vaults.flatMap((vault) => [vault.account, ...vault.tokens.values()]),
      treasury,
      ...oracleStates,
    ],
    recipientTableEntries(wallets, externals, tipAccounts, holdings),
  )

  let freshSigners = 0

  return {
    random,
    ...programs,
    swap: freshAddress(1_141_440n),
    router: freshAddress(1_141_440n),
    oracle: freshAddress(1_141_440n),
    wallets,
    whales,
    externals,
    tipAccounts,
    mints,
    holdings,
    holders,
    vaults,
    treasury,
    oracleStates,
    rentPayers,
    tables,
    ...createPicks(random, wallets, externals),
    freshAddress,
    freshSigner: () => {
      if (freshSigners >= FRESH_SIGNERS) return undefined
      freshSigners++
      return signer(0n)
    },
  }
}

/**
 * The wallets (the hot one first, with 250 SOL), the whales, the recipients that never sign and
 * the tip accounts, drawn in that order.
 */
function createParticipants(
  random: Random,
  signer: (lamports: bigint) => LedgerAccount,
  freshAddress: (lamports: bigint) => LedgerAccount,
): Pick<World, 'wallets' | 'whales' | 'externals' | 'tipAccounts'> {
  const wallets = Array.from({ length: WALLETS }, (_, i) =>
    signer(i === 0 ? 250n * SOL : BigInt(random.between(1, 200)) * SOL + BigInt(random.int(1e9))),
  )
  const whales = [
    signer(9_007_199_254_740_993n + BigInt(random.int(1e9)) * 1_000_000n),
    signer(12_500_000n * SOL + BigInt(random.int(1e9))),
  ]
  const externals = Array.from({ length: EXTERNALS }, () =>
    freshAddress(BigInt(random.between(10, 50_000)) * 1_000_000n),
  )
  const tipAccounts = Array.from({ length: 4 }, () =>
    freshAddress(BigInt(random.between(1, 900)) * SOL),
  )
  return { wallets, whales, externals, tipAccounts }
}

/**
 * The second lookup table's entries: the accounts transfers go to (recipients, tips, the token
 * accounts of the first 48 recipients and of the hot wallet).
 */
function recipientTableEntries(
  wallets: readonly LedgerAccount[],
  externals: readonly LedgerAccount[],
  tipAccounts: readonly LedgerAccount[],
  holdings: ReadonlyMap<LedgerAccount, readonly LedgerAccount[]>,
): LedgerAccount[] {
  return [
    ...externals.slice(0, 60),
    ...tipAccounts,
    ...externals.slice(0, 48).flatMap((external) => holdings.get(external) ?? []),
    ...(holdings.get(wallets[0] as LedgerAccount) ?? []),
  ]
}

/** A program or sysvar at a known address. */
function known(address: string, lamports: bigint, builtinUnits?: number): LedgerAccount {
  return {
    address,
    // Program and sysvar ids written in this package: always valid base58.
    bytes: bs58.decodeUnsafe(address) as Uint8Array,
    lamports,
    builtinUnits,
  }
}

/** The builtin and SPL programs and the sysvars a world uses (new accounts for each world). */
function builtinAccounts() {
  return {
    system: known(SYSTEM_PROGRAM_ID, 1n, 150),
    token: known(TOKEN_PROGRAM_ID, 934_087_680n),
    token2022: known(TOKEN_2022_PROGRAM_ID, 1_141_440n),
    rentSysvar: known(SYSVAR_RENT_ID, 1_009_200n),
    clock: known(SYSVAR_CLOCK_ID, 1_169_280n),
    memoV1: known(MEMO_V1_PROGRAM_ID, 521_498_880n),
    memo: known(MEMO_PROGRAM_ID, 521_498_880n),
    computeBudget: known(COMPUTE_BUDGET_PROGRAM_ID, 1n, 150),
    associatedToken: known(ASSOCIATED_TOKEN_PROGRAM_ID, 731_913_600n),
  }
}

/** Payers (the hot wallet 42% of the time, else Zipf over the others) and their recipients. */
function createPicks(
  random: Random,
  wallets: readonly LedgerAccount[],
  externals: readonly LedgerAccount[],
): Pick<World, 'pickPayer' | 'pickRecipient'> {
  const hot = wallets[0] as LedgerAccount
  const zipfWallet = createZipfPick(random, wallets.slice(1))
  return {
    pickPayer: () => (random.chance(0.42) ? hot : zipfWallet()),
    pickRecipient: (payer) => {
      const roll = random.float()
      let to: LedgerAccount
      if (roll < 0.28 && payer !== hot) to = hot
      else if (roll < 0.6) to = zipfWallet()
      else to = externals[random.int(externals.length)] as LedgerAccount
      return to === payer ? (externals[random.int(externals.length)] as LedgerAccount) : to
    },
  }
}

type TokenAccounts = Readonly<{
  mints: readonly MintInfo[]
  holdings: Map<LedgerAccount, LedgerAccount[]>
  holders: Map<MintInfo, LedgerAccount[]>
  vaults: World['vaults']
}>

/**
 * The mints (decimals 6 and 9 on Token, 6 on Token-2022), token accounts for most `owners` (all
 * three for the first) and for `externals`, and three vaults holding every mint.
 */
function openTokenAccounts(
  random: Random,
  freshAddress: (lamports: bigint) => LedgerAccount,
  [token, token2022]: readonly [LedgerAccount, LedgerAccount],
  owners: readonly LedgerAccount[],
  externals: readonly LedgerAccount[],
): TokenAccounts {
  const mints: MintInfo[] = [
    { account: freshAddress(1_461_600n), decimals: 6, program: token },
    { account: freshAddress(1_461_600n), decimals: 9, program: token },
    { account: freshAddress(2_108_880n), decimals: 6, program: token2022 },
  ]
  const holdings = new Map<LedgerAccount, LedgerAccount[]>()
  const holders = new Map<MintInfo, LedgerAccount[]>(mints.map((mint) => [mint, []]))
  const open = (owner: LedgerAccount, mint: MintInfo, amount: bigint): LedgerAccount => {
    const rent = mint.program === token ? 2_039_280n : 2_074_080n
    const account = freshAddress(rent)
    account.token = { mint, owner, amount }
    holdings.set(owner, [...(holdings.get(owner) ?? []), account])
    holders.get(mint)?.push(account)
    return account
  }
  const someTokens = (mint: MintInfo): bigint =>
    BigInt(random.between(1, 50_000)) * 10n ** BigInt(mint.decimals) + BigInt(random.int(1e6))
  for (const [i, owner] of owners.entries()) {
    for (const mint of mints) {
      if (i === 0 || random.chance(0.7)) open(owner, mint, someTokens(mint))
    }
  }
  for (const external of externals) {
    const mint = mints[random.int(mints.length)] as MintInfo
    open(external, mint, someTokens(mint))
  }
  const vaults = Array.from({ length: 3 }, (_, v) => {
    const account = freshAddress(BigInt(random.between(50, 5_000)) * SOL)
    const tokens = new Map<MintInfo, LedgerAccount>()
    for (const mint of mints) {
      // One vault's 9-decimal balance exceeds 2^53 raw units, so token amounts test the lossless path.
      const deep = v === 0 && mint.decimals === 9 ? 40_000_000n * 10n ** 9n : 0n
      tokens.set(mint, open(account, mint, deep + someTokens(mint) * 1_000n))
    }
    return { account, tokens }
  })
  return { mints, holdings, holders, vaults }
}

/** Lookup tables at `accounts`, the i-th listing `lists[i]`; each entry learns its place. */
function lookupTables(
  accounts: readonly LedgerAccount[],
  ...lists: readonly (readonly LedgerAccount[])[]
): LookupTable[] {
  return accounts.map((account, t) => {
    const entries = lists[t] ?? []
    entries.forEach((entry, index) => {
      entry.lookup = { table: t, index }
    })
    return { account, entries }
  })
}

/** Draws one of `accounts` with Zipf-like weights (1/rank). */
function createZipfPick(random: Random, accounts: readonly LedgerAccount[]): () => LedgerAccount {
  const cumulative: number[] = []
  let total = 0
  for (let rank = 1; rank <= accounts.length; rank++) {
    total += 1 / rank
    cumulative.push(total)
  }
  return () => {
    const target = random.float() * total
    const at = cumulative.findIndex((edge) => target < edge)
    return accounts[at < 0 ? cumulative.length - 1 : at] as LedgerAccount
  }
}

/**
 * An Ed25519 signing account from a 32-byte seed, through node:crypto (no hand-written curve
 * code). The address is the public key in base58, as other clients derive it from the same seed.
 *
 * The seed goes in as a JWK rather than as PKCS#8 DER: Node 20's OpenSSL 3.0 takes about 520 us
 * to decode the DER and 60 us to take the JWK (Node 22: 73 and 69 us), and a ledger derives a
 * key for every signer (about 9 s of the quick suite's CPU went there). For a private key Node
 * reads `d` alone and only checks that `x` is a string; the public half is derived from `d`
 * below (the RFC 8032 test vector in test/testing/ledger/createWorld.test.ts holds it).
 */
export function deriveSigner(seed: Uint8Array, lamports: bigint): LedgerAccount {
  const d = Buffer.from(seed.buffer, seed.byteOffset, 32).toString('base64url')
  const signingKey = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d, x: '' },
    format: 'jwk',
  })
  const jwk = createPublicKey(signingKey).export({ format: 'jwk' })
  const bytes = new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))
  return { address: encodeKeyBase58(bytes), bytes, lamports, signingKey }
}

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
