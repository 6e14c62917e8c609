import bs58 from 'bs58'
import type { Random } from '../createRandom'
import type { World } from '../createWorld'
import { deriveAssociatedAccount } from '../deriveAssociatedAccount'
import type { LedgerAccount, MintInfo } from '../LedgerAccount'

/** Token account lives: what the generator remembers between transactions. */
export type TokenLifecycle = {
  /** Picks the lifecycle kinds (its own stream, so the rest of the world keeps its draws). */
  readonly random: Random
  /** The wrapped SOL mint of the Token program. */
  readonly native: MintInfo
  /** Associated accounts derived so far, by `owner program mint`: one address per triple. */
  readonly associated: Map<string, LedgerAccount>
  /** Accounts closed and not opened again. */
  readonly closed: LedgerAccount[]
  /** Accounts handed to a wallet by a third party that kept the right to close them. */
  readonly gifts: { account: LedgerAccount; closer: LedgerAccount }[]
  /** Seeds used so far (each CreateAccountWithSeed takes the next). */
  seeds: number
}

const NATIVE_MINT = 'So11111111111111111111111111111111111111112'

/** A fresh lifecycle over `world`, with `random` as its own stream. */
export function createTokenLifecycle(world: World, random: Random): TokenLifecycle {
  const account: LedgerAccount = {
    address: NATIVE_MINT,
    bytes: bs58.decode(NATIVE_MINT),
    lamports: 1_141_440n,
  }
  return {
    random,
    native: { account, decimals: 9, program: world.token, native: true },
    associated: new Map(),
    closed: [],
    gifts: [],
    seeds: 0,
  }
}

/** The associated account of `wallet` for `mint`, the same object every time. */
export function associatedAccount(
  life: TokenLifecycle,
  wallet: LedgerAccount,
  mint: MintInfo,
): LedgerAccount {
  const key = `${wallet.address} ${mint.program.address} ${mint.account.address}`
  let account = life.associated.get(key)
  if (account === undefined) {
    account = deriveAssociatedAccount(wallet, mint.program, mint.account)
    life.associated.set(key, account)
  }
  return account
}

/** Lists an open account among its owner's holdings and its mint's holders. */
export function addHolding(
  world: World,
  account: LedgerAccount,
  owner: LedgerAccount,
  mint: MintInfo,
): void {
  const holdings = world.holdings as Map<LedgerAccount, readonly LedgerAccount[]>
  const holders = world.holders as Map<MintInfo, readonly LedgerAccount[]>
  holdings.set(owner, [...(holdings.get(owner) ?? []), account])
  holders.set(mint, [...(holders.get(mint) ?? []), account])
}

/** Takes a closed account out of the holdings and holders. */
export function removeHolding(
  world: World,
  account: LedgerAccount,
  owner: LedgerAccount,
  mint: MintInfo,
): void {
  const holdings = world.holdings as Map<LedgerAccount, readonly LedgerAccount[]>
  const holders = world.holders as Map<MintInfo, readonly LedgerAccount[]>
  holdings.set(
    owner,
    (holdings.get(owner) ?? []).filter((held) => held !== account),
  )
  holders.set(
    mint,
    (holders.get(mint) ?? []).filter((held) => held !== account),
  )
}
