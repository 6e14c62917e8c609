import { createHash } from 'node:crypto'
import bs58 from 'bs58'
import { isOnEd25519Curve, programAddressPreimage } from '../../shared/programAddress'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../ledger/programIds'
import type {
  CompiledInstruction,
  LedgerState,
  LedgerTransaction,
  TokenAccountSnapshot,
} from '../ledger/types'
import type { RpcContext } from './createRpcContext'
import { compareInSlot } from './createRpcContext'

/** One transaction of a wallet's history and the addresses it belongs to (owner first). */
type WalletEntry = Readonly<{ signature: string; slot: number; sources: readonly string[] }>

const ATA_PROGRAM = bs58.decode(ASSOCIATED_TOKEN_PROGRAM_ID)
const TOKEN_PROGRAMS = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]

const derived = new Map<string, string>()

function associated(owner: string, program: string, mint: string): string {
  const key = `${owner} ${program} ${mint}`
  const known = derived.get(key)
  if (known !== undefined) return known
  const address = deriveAddress(owner, program, mint)
  if (derived.size > 10_000) derived.clear()
  derived.set(key, address)
  return address
}

function deriveAddress(owner: string, program: string, mint: string): string {
  const seeds = [bs58.decode(owner), bs58.decode(program), bs58.decode(mint)]
  for (let bump = 255; bump > 0; bump--) {
    const hash = createHash('sha256')
      .update(programAddressPreimage(seeds, bump, ATA_PROGRAM))
      .digest()
    if (!isOnEd25519Curve(hash)) return bs58.encode(hash)
  }
  return ''
}

/** A1-A3 of the definition, on the transaction as the profile serves it. */
function attributed(ctx: RpcContext, tx: LedgerTransaction, owner: string): Set<string> {
  const found = new Set<string>()
  const { rules } = ctx
  const keys = tx.accountKeys
  const meta = tx.metaMissing ? undefined : tx.meta
  if (meta !== undefined && rules.tokenBalances) {
    for (const balance of [...(meta.preTokenBalances ?? []), ...(meta.postTokenBalances ?? [])]) {
      const account = keys[balance.accountIndex]
      if (account === undefined) continue
      if (rules.tokenOwner && balance.owner === owner) found.add(account)
      const program =
        rules.tokenProgramId && balance.programId !== '' ? [balance.programId] : TOKEN_PROGRAMS
      if (program.some((each) => associated(owner, each, balance.mint) === account))
        found.add(account)
    }
  }
  const instructions: CompiledInstruction[] = [...tx.message.instructions]
  for (const inner of meta?.innerInstructions ?? []) instructions.push(...inner.instructions)
  for (const instruction of instructions) {
    const account = creationTarget(instruction, keys, owner)
    if (account !== undefined) found.add(account)
  }
  found.delete(owner)
  return found
}

/** The account an instruction creates or hands to `owner` (rule A3), if any. */
function creationTarget(
  instruction: CompiledInstruction,
  keys: readonly string[],
  owner: string,
): string | undefined {
  const program = keys[instruction.programIdIndex]
  const at = (i: number) => keys[instruction.accounts[i] ?? -1]
  const { data } = instruction
  const dataKey = (offset: number) =>
    data.length >= offset + 32 ? bs58.encode(data.subarray(offset, offset + 32)) : undefined
  if (program === ASSOCIATED_TOKEN_PROGRAM_ID) {
    const create = data.length === 0 || (data.length === 1 && (data[0] === 0 || data[0] === 1))
    return create && at(2) === owner ? at(1) : undefined
  }
  if (program === undefined || !TOKEN_PROGRAMS.includes(program)) return undefined
  if (data[0] === 1 && at(2) === owner) return at(0)
  if ((data[0] === 16 || data[0] === 18) && dataKey(1) === owner) return at(0)
  if (data[0] === 6 && data[1] === 2 && data[2] === 1 && dataKey(3) === owner) return at(0)
  return undefined
}

/**
 * A wallet's history as the definition gives it (docs/wallet-history.md): the owner's own
 * history H(O), the whole history of each token account the owner holds at the commitment's
 * frontier S0 (what getTokenAccountsByOwner lists), and for every other account an owner
 * transaction attributes to it (token balance owner, derived associated address, creation or
 * hand-over instruction), its history from the newest such transaction d(a) down, d(a) included,
 * in the node's listing order. Newest first; within a slot in the order `walletHistory`
 * promises (`keepSourceOrders` below).
 */
export function findWalletHistory(
  ctx: RpcContext,
  owner: string,
  frontier: number,
): readonly WalletEntry[] {
  const { state, rules } = ctx
  const visible = (tx: LedgerTransaction) =>
    tx.slot <= frontier && tx.slot >= state.firstAvailableSlot
  const newestFirst = (a: LedgerTransaction, b: LedgerTransaction) =>
    b.slot - a.slot || compareInSlot(b, a, rules.blockOrderInSlot)
  const historyOf = (address: string) =>
    (state.byAddress.get(address) ?? []).filter(visible).sort(newestFirst)
  const sources = new Map<string, Set<string>>()
  // Each source's entries in its own listing order: the order within a slot keeps them.
  const lists = new Map<string, LedgerTransaction[]>()
  const add = (tx: LedgerTransaction, source: string) => {
    const set = sources.get(tx.signature) ?? new Set<string>()
    set.add(source)
    sources.set(tx.signature, set)
    const list = lists.get(source) ?? []
    list.push(tx)
    lists.set(source, list)
  }
  const own = historyOf(owner)
  for (const tx of own) add(tx, owner)
  const listed = new Set<string>()
  for (const [address, changes] of state.tokenAccounts ?? []) {
    let at: TokenAccountSnapshot | null | undefined
    for (const change of changes) if (change.slot <= frontier) at = change.state
    if (at == null || at.owner !== owner) continue
    if (at.program === TOKEN_2022_PROGRAM_ID && !rules.token2022) continue
    listed.add(address)
    for (const tx of historyOf(address)) add(tx, address)
  }
  const seen = new Set<string>(listed)
  for (const tx of own) {
    for (const account of attributed(ctx, tx, owner)) {
      if (seen.has(account)) continue
      seen.add(account)
      const history = historyOf(account)
      const start = history.findIndex((each) => each.signature === tx.signature)
      for (const each of history.slice(Math.max(start, 0))) add(each, account)
    }
  }
  const all = [...sources.keys()].map(
    (signature) => state.bySignature.get(signature) as LedgerTransaction,
  )
  all.sort(newestFirst)
  // With transactionIndex on every entry the walk orders a slot by it: the node's block order.
  const ordered = rules.transactionIndex ? all : keepSourceOrders(all, lists.values())
  return ordered.map((tx) => {
    const set = sources.get(tx.signature) ?? new Set<string>()
    const others = [...set].filter((source) => source !== owner).sort()
    return {
      signature: tx.signature,
      slot: tx.slot,
      sources: set.has(owner) ? [owner, ...others] : others,
    }
  })
}

/**
 * `all` (newest slot first) with each slot in the order `walletHistory` promises where entries
 * carry no `transactionIndex`: every source's own listing order kept, and where no source orders
 * two entries, the greater signature (by its bytes) first. Read from the ledger, not from pages:
 * the oracle of the walk's `orderSlot`.
 */
function keepSourceOrders(
  all: readonly LedgerTransaction[],
  lists: Iterable<readonly LedgerTransaction[]>,
): LedgerTransaction[] {
  // A source's entries of one slot are adjacent in its list: each comes after the one before.
  const later = new Map<LedgerTransaction, LedgerTransaction[]>()
  const earlier = new Map<LedgerTransaction, number>()
  for (const list of lists) {
    for (let i = 1; i < list.length; i++) {
      const [before, next] = [list[i - 1] as LedgerTransaction, list[i] as LedgerTransaction]
      if (before.slot !== next.slot) continue
      later.set(before, [...(later.get(before) ?? []), next])
      earlier.set(next, (earlier.get(next) ?? 0) + 1)
    }
  }
  const bytes = (tx: LedgerTransaction) => Buffer.from(bs58.decode(tx.signature))
  const greater = (a: LedgerTransaction, b: LedgerTransaction) =>
    Buffer.compare(bytes(a), bytes(b)) > 0
  const out: LedgerTransaction[] = []
  for (let start = 0; start < all.length; ) {
    let end = start
    while (all[end]?.slot === all[start]?.slot && end < all.length) end++
    const waiting = new Set(all.slice(start, end))
    while (waiting.size > 0) {
      let pick: LedgerTransaction | undefined
      for (const tx of waiting) {
        const free = (earlier.get(tx) ?? 0) === 0
        if (free && (pick === undefined || greater(tx, pick))) pick = tx
      }
      // Sources that disagree (a cycle) never occur here: every source lists in the node's order.
      if (pick === undefined) throw new Error('findWalletHistory: sources disagree on a slot')
      waiting.delete(pick)
      out.push(pick)
      for (const next of later.get(pick) ?? []) earlier.set(next, (earlier.get(next) ?? 1) - 1)
    }
    start = end
  }
  return out
}

/**
 * Every address that holds or held a token account of the ledger, busiest first (the order of
 * `state.addresses`); owners with no transaction of their own come last, in the order their
 * first account was recorded.
 */
export function findWalletOwners(state: LedgerState): readonly string[] {
  const owners = new Set<string>()
  for (const changes of state.tokenAccounts?.values() ?? []) {
    for (const change of changes) if (change.state !== null) owners.add(change.state.owner)
  }
  const ranked = state.addresses.filter((address) => owners.has(address))
  const ranks = new Set(ranked)
  return [...ranked, ...[...owners].filter((owner) => !ranks.has(owner))]
}
