import bs58 from 'bs58'
import type { ConfirmedTransaction } from '../schemas/ConfirmedTransaction'
import type { U64Mode } from '../schemas/common'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  findAssociatedTokenAddress,
  TOKEN_PROGRAMS,
} from './findAssociatedTokenAddress'

type RawInstruction = Readonly<{
  programIdIndex: number
  accounts: readonly number[]
  data: string
}>

/** Keys as token balances and instructions index them: static, then loaded writable, readonly. */
function keysOf(tx: ConfirmedTransaction<'json', U64Mode>): readonly string[] {
  const loaded = tx.meta?.loadedAddresses
  return [
    ...tx.transaction.message.accountKeys,
    ...(loaded?.writable ?? []),
    ...(loaded?.readonly ?? []),
  ]
}

/**
 * The account an instruction creates for `owner` or hands to it (A3): associated-token-account
 * Create / CreateIdempotent (account 1, wallet account 2); Token InitializeAccount (account 0,
 * owner account 2); InitializeAccount2/3 (owner in data); SetAuthority(AccountOwner) to `owner`.
 * Layouts: solana-program/token `instruction.rs`, associated-token-account `instruction.rs`.
 */
function createdFor(
  instruction: RawInstruction,
  keys: readonly string[],
  owner: string,
): string | undefined {
  const program = keys[instruction.programIdIndex]
  const at = (i: number): string | undefined => keys[instruction.accounts[i] ?? -1]
  const data = bs58.decodeUnsafe(instruction.data)
  if (program === undefined || data === undefined) return undefined
  const dataKey = (offset: number): string | undefined =>
    data.length >= offset + 32 ? bs58.encode(data.subarray(offset, offset + 32)) : undefined
  if (program === ASSOCIATED_TOKEN_PROGRAM_ID) {
    const create = data.length === 0 || (data.length === 1 && (data[0] === 0 || data[0] === 1))
    return create && at(2) === owner ? at(1) : undefined
  }
  if (!TOKEN_PROGRAMS.includes(program)) return undefined
  if (data[0] === 1 && at(2) === owner) return at(0)
  if ((data[0] === 16 || data[0] === 18) && dataKey(1) === owner) return at(0)
  if (data[0] === 6 && data[1] === 2 && data[2] === 1 && dataKey(3) === owner) return at(0)
  return undefined
}

/**
 * The token accounts an owner transaction attributes to `owner` (the definition's A1-A3, on the
 * transaction as the node served it; absent fields attribute nothing): a pre or post token
 * balance whose `owner` is the wallet (nodes from 1.7.16 / 1.8.1); a token balance whose account
 * is the wallet's associated account for its mint (under its `programId`, or either token
 * program when the node does not say); an instruction, top level or inner, that creates an
 * account for the wallet or hands one to it. The owner itself is never among them. `derived`
 * caches the owner's associated addresses by `program mint` across transactions.
 */
export async function attributeAccounts(
  tx: ConfirmedTransaction<'json', U64Mode>,
  owner: string,
  derived: Map<string, Promise<string | undefined>>,
): Promise<ReadonlySet<string>> {
  const keys = keysOf(tx)
  const found = new Set<string>()
  const meta = tx.meta
  const balances = [...(meta?.preTokenBalances ?? []), ...(meta?.postTokenBalances ?? [])]
  for (const balance of balances) {
    const account = keys[balance.accountIndex]
    if (account === undefined) continue
    if (balance.owner === owner) found.add(account)
    const programs = balance.programId === undefined ? TOKEN_PROGRAMS : [balance.programId]
    for (const program of programs) {
      const key = `${program} ${balance.mint}`
      let address = derived.get(key)
      if (address === undefined) {
        address = findAssociatedTokenAddress(owner, program, balance.mint)
        derived.set(key, address)
      }
      if ((await address) === account) found.add(account)
    }
  }
  const instructions: RawInstruction[] = [...tx.transaction.message.instructions]
  for (const inner of meta?.innerInstructions ?? []) instructions.push(...inner.instructions)
  for (const instruction of instructions) {
    const account = createdFor(instruction, keys, owner)
    if (account !== undefined) found.add(account)
  }
  found.delete(owner)
  return found
}

/**
 * What a transaction shows of where the provider found it (the provider path names no source):
 * the owner when it is one of its keys (static or loaded), then, in string order, the token
 * accounts whose token balances name the owner. Without the transaction, nothing.
 * @internal
 */
export function providerSources(
  owner: string,
  tx: ConfirmedTransaction<'json', U64Mode> | null | undefined,
): string[] {
  if (tx === null || tx === undefined) return []
  const keys = keysOf(tx)
  const accounts = new Set<string>()
  for (const balance of [
    ...(tx.meta?.preTokenBalances ?? []),
    ...(tx.meta?.postTokenBalances ?? []),
  ]) {
    const account = keys[Number(balance.accountIndex)]
    if (balance.owner === owner && account !== undefined) accounts.add(account)
  }
  return [...(keys.includes(owner) ? [owner] : []), ...[...accounts].sort()]
}
