import bs58 from 'bs58'
import type { Random } from './createRandom'
import { deriveAssociatedAccount, type World } from './createWorld'
import type { DraftBody, DraftInstruction } from './Execution'
import {
  createAccountWithSeedInstruction,
  seedAddress,
  systemTransferInstruction,
} from './systemInstructions'
import {
  closeAccountInstruction,
  createAssociatedAccountInstruction,
  initializeAccount3Instruction,
  setAuthorityInstruction,
  tokenTransferInstruction,
} from './tokenInstructions'
import type { LedgerAccount, MintInfo } from './types'

/** Token account lives: opened, closed, re-opened, handed over, wrapped SOL. */
export type LifecycleKind =
  | 'openAssociated'
  | 'openOwnAccount'
  | 'openForOwner'
  | 'closeTokenAccount'
  | 'wrapSol'
  | 'solToClosed'
  | 'giftAccount'
  | 'reclaimGift'

const SEED_ACCOUNT_RENT = 2_039_280n

/**
 * One token account event paid by `payer` (or by the account's closer for `reclaimGift`):
 * - `openAssociated`: the associated-token-account program creates the wallet's ATA (the payer's
 *   own, or another wallet's with the payer paying), again at the same address after a close;
 * - `openOwnAccount` / `openForOwner`: CreateAccountWithSeed + InitializeAccount3 naming the payer,
 *   or another wallet that is then in no key of the transaction;
 * - `closeTokenAccount`: the owner sends what is left to another holder and closes the account;
 * - `wrapSol`: a wrapped SOL account opened and closed in one transaction (its seed reused half
 *   the time, so one address gathers several such transactions);
 * - `solToClosed`: lamports sent to a closed account's address (it stays closed);
 * - `giftAccount` / `reclaimGift`: a third party opens an account, keeps its close authority, hands
 *   it to a wallet (SetAuthority, the wallet only in data), and later closes it alone.
 * Undefined when the kind has nothing to act on.
 */
export function draftTokenLifecycle(
  world: World,
  life: TokenLifecycle,
  payer: LedgerAccount,
  kind: LifecycleKind,
): DraftBody | undefined {
  const { random } = world
  const otherWallet = (): LedgerAccount => {
    const wallet = world.wallets[random.int(world.wallets.length)] as LedgerAccount
    return wallet === payer ? (world.wallets[0] as LedgerAccount) : wallet
  }
  const mint = world.mints[random.int(world.mints.length)] as MintInfo
  switch (kind) {
    case 'openAssociated':
      return openAssociated(world, life, payer, random.chance(0.6) ? payer : otherWallet(), mint)
    case 'openOwnAccount':
    case 'openForOwner': {
      const owner = kind === 'openOwnAccount' ? payer : otherWallet()
      const { account, instructions } = openWithSeed(world, life, payer, mint, owner)
      addHolding(world, account, owner, mint)
      return body(payer, instructions)
    }
    case 'closeTokenAccount':
      return closeHeld(world, life, payer)
    case 'wrapSol': {
      const seed = random.chance(0.5) ? 'wsol' : `wsol${life.seeds++}`
      const account = seedAddress(payer, seed, world.token)
      const wrapped = BigInt(random.between(1, 500)) * 1_000_000n
      return body(payer, [
        createAccountWithSeedInstruction(
          world.system,
          payer,
          account,
          seed,
          SEED_ACCOUNT_RENT + wrapped,
          165,
          world.token,
        ),
        initializeAccount3Instruction(account, life.native, payer),
        closeAccountInstruction(account, payer, payer, world.token),
      ])
    }
    case 'solToClosed': {
      const target = life.closed[random.int(life.closed.length)]
      if (target === undefined) return undefined
      const lamports = BigInt(random.between(1_000, 10_000)) * 1_000n
      return body(payer, [systemTransferInstruction(world.system, payer, target, lamports)])
    }
    case 'giftAccount':
      return giftAccount(world, life, payer, otherWallet())
    case 'reclaimGift': {
      const gift = life.gifts.splice(random.int(life.gifts.length), 1)[0]
      if (gift === undefined) return undefined
      life.closed.push(gift.account)
      const { account, closer } = gift
      return body(closer, [closeAccountInstruction(account, closer, closer, world.token)])
    }
  }
}

function body(payer: LedgerAccount, instructions: readonly DraftInstruction[]): DraftBody {
  return { payer, instructions, minUnits: 40_000 }
}

/** CreateAccountWithSeed (base: the payer) + InitializeAccount3 naming `owner`. */
function openWithSeed(
  world: World,
  life: TokenLifecycle,
  payer: LedgerAccount,
  mint: MintInfo,
  owner: LedgerAccount,
): Readonly<{ account: LedgerAccount; instructions: readonly DraftInstruction[] }> {
  const seed = `acct${life.seeds++}`
  const account = seedAddress(payer, seed, mint.program)
  const is2022 = mint.program === world.token2022
  return {
    account,
    instructions: [
      createAccountWithSeedInstruction(
        world.system,
        payer,
        account,
        seed,
        is2022 ? 2_074_080n : SEED_ACCOUNT_RENT,
        is2022 ? 170 : 165,
        mint.program,
      ),
      initializeAccount3Instruction(account, mint, owner),
    ],
  }
}

/** The payer empties one of its token accounts into another holder of the mint and closes it. */
function closeHeld(
  world: World,
  life: TokenLifecycle,
  payer: LedgerAccount,
): DraftBody | undefined {
  const held = world.holdings.get(payer) ?? []
  const account = held[world.random.int(held.length)]
  const token = account?.token
  if (account === undefined || token === undefined || token.owner !== payer) return undefined
  const instructions: DraftInstruction[] = []
  if (token.amount > 0n) {
    const others = (world.holders.get(token.mint) ?? []).filter(
      (each) => each !== account && each.token !== undefined,
    )
    const to = others[world.random.int(others.length)]
    if (to === undefined) return undefined
    const checked = token.mint.program === world.token2022
    instructions.push(tokenTransferInstruction(account, to, payer, token.amount, checked))
  }
  instructions.push(closeAccountInstruction(account, payer, payer, token.mint.program))
  removeHolding(world, account, payer, token.mint)
  life.closed.push(account)
  return body(payer, instructions)
}

/** The associated-token-account program creates `wallet`'s account for `mint` (again, after a close). */
function openAssociated(
  world: World,
  life: TokenLifecycle,
  payer: LedgerAccount,
  wallet: LedgerAccount,
  mint: MintInfo,
): DraftBody | undefined {
  const associated = associatedAccount(life, wallet, mint)
  if (associated.token !== undefined) return undefined
  const closedAt = life.closed.indexOf(associated)
  if (closedAt >= 0) life.closed.splice(closedAt, 1)
  addHolding(world, associated, wallet, mint)
  return body(payer, [
    createAssociatedAccountInstruction({
      program: world.associatedToken,
      payer,
      associated,
      wallet,
      mint,
      system: world.system,
      rentSysvar: world.rentSysvar,
      idempotent: world.random.chance(0.5),
    }),
  ])
}

/** The payer opens an account, keeps its close authority and hands it to `wallet` (data only). */
function giftAccount(
  world: World,
  life: TokenLifecycle,
  payer: LedgerAccount,
  wallet: LedgerAccount,
): DraftBody {
  const token = world.mints.filter((each) => each.program === world.token)
  const mint = token[world.random.int(token.length)] as MintInfo
  const { account, instructions } = openWithSeed(world, life, payer, mint, payer)
  life.gifts.push({ account, closer: payer })
  return body(payer, [
    ...instructions,
    setAuthorityInstruction(account, mint, payer, 'closeAccount', payer),
    setAuthorityInstruction(account, mint, payer, 'accountOwner', wallet),
  ])
}

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
function associatedAccount(
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
function addHolding(
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
function removeHolding(
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
