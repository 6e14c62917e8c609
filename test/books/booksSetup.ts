import type { BookRow, BooksReconciliation } from '../../src/books/types'
import { walletBooks } from '../../src/books/walletBooks'
import { createClient } from '../../src/client'
import type { MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile, LedgerTransaction } from '../../src/testing/ledger/types'
import type { RpcRequest } from '../../src/transport/types'
import { walletLedger } from '../support/walletSetup'

export const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const NATIVE_MINT = 'So11111111111111111111111111111111111111112'
export const FAST = { pageRetryDelayMs: 1 } as const

/** A ledger with token account lives (closed, re-created, given, wrapped SOL), as `profile`. */
export function booksLedger(profile: LedgerProfile, transactions = 1_200): MockLedger {
  return walletLedger(profile, 11, transactions)
}

/** A client over the ledger's transport that counts what it sends, by method. */
export function countingClient(ledger: MockLedger) {
  const sent: RpcRequest[] = []
  const client = createClient({
    transport: (request, options) => {
      sent.push(request)
      return ledger.transport(request, options)
    },
    u64: 'bigint',
  })
  return { client, sent }
}

/** Every row and the reconciliation of an owner's whole books. */
export async function readBooks(
  ledger: MockLedger,
  owner: string,
): Promise<{ rows: BookRow[]; reconciliation: BooksReconciliation }> {
  const { client } = countingClient(ledger)
  const books = walletBooks(client, owner, { ...FAST, reconcile: true })
  const rows: BookRow[] = []
  for await (const row of books) rows.push(row)
  return { rows, reconciliation: await books.reconcile() }
}

/**
 * Whether the node serves this transaction with everything the books need: its status meta,
 * token balances with their `owner`, and, where it names Token-2022, balances written by a
 * release that recorded Token-2022 accounts (those carry `programId`). Older rows lack some,
 * which the reconciliation then reports.
 */
export function isComplete(ledger: MockLedger, tx: LedgerTransaction): boolean {
  if (tx.metaMissing === true) return false
  const rules = ledger.profile
  const { preTokenBalances, postTokenBalances } = tx.meta
  if (preTokenBalances === null || postTokenBalances === null) return false
  const balances = [...preTokenBalances, ...postTokenBalances]
  // A node before 1.7.16 sends no `owner` at all: the walk's token accounts attribute them.
  if (rules !== 'v1.6' && balances.some((balance) => balance.owner === '')) return false
  if (rules === 'v1.3') return false
  // Before 1.14 the node knows no Token-2022: not in its listings, not in its balances.
  const token2022 = rules !== 'v1.6' && rules !== 'v1.9' && tx.accountKeys.includes(TOKEN_2022)
  return (
    !token2022 || (balances.length > 0 && balances.every((balance) => balance.programId !== ''))
  )
}

/**
 * The owner's holdings change in one transaction, computed from the ledger's own record apart
 * from `balanceChanges`: for each account, what the owner held of it after minus before, where
 * it holds an account's lamports when the account is the owner itself or a token account the
 * owner owns on that side, and its tokens on the side whose token balance names it (wrapped
 * SOL's tokens left out: they are lamports). Also the fee the owner paid.
 */
export function expectedChange(
  tx: LedgerTransaction,
  owner: string,
): Readonly<{ deltas: Map<string, bigint>; fee: bigint }> {
  const deltas = new Map<string, bigint>()
  const add = (asset: string, value: bigint) => deltas.set(asset, (deltas.get(asset) ?? 0n) + value)
  const { meta } = tx
  tx.accountKeys.forEach((key, index) => {
    const pre = meta.preTokenBalances?.find((balance) => balance.accountIndex === index)
    const post = meta.postTokenBalances?.find((balance) => balance.accountIndex === index)
    const heldBefore = (pre === undefined ? key : pre.owner) === owner
    const heldAfter = (post === undefined ? key : post.owner) === owner
    add(
      'SOL',
      (heldAfter ? (meta.postBalances[index] ?? 0n) : 0n) -
        (heldBefore ? (meta.preBalances[index] ?? 0n) : 0n),
    )
    if (pre !== undefined && pre.owner === owner && pre.mint !== NATIVE_MINT)
      add(pre.mint, -pre.amount)
    if (post !== undefined && post.owner === owner && post.mint !== NATIVE_MINT)
      add(post.mint, post.amount)
  })
  for (const [asset, delta] of deltas) if (delta === 0n) deltas.delete(asset)
  const fee = tx.accountKeys[0] === owner ? meta.fee : 0n
  return { deltas, fee }
}

/**
 * Where token balances name no owner (nodes before 1.7.16), the books take a token account's
 * changes as the owner's in the transactions the walk found under that account. That holds the
 * whole change when every transaction of the walk that moves one of those accounts was found
 * under it: not so for an account whose last change (a close) came after its last attributing
 * transaction, which the walk's definition leaves out (docs/wallet-history.md). And a node of
 * that time knows no Token-2022: it cannot list such an account the walk found by its creation.
 */
export function isAttributable(ledger: MockLedger, owner: string): boolean {
  const entries = ledger.walletEntries(owner)
  const accounts = new Set(
    entries.flatMap((entry) => entry.sources.filter((source) => source !== owner)),
  )
  const program = (account: string) =>
    ledger.state.tokenAccounts?.get(account)?.find((change) => change.state !== null)?.state
      ?.program
  if ([...accounts].some((account) => program(account) === TOKEN_2022)) return false
  return entries.every((entry) => {
    const tx = ledger.transaction(entry.signature)
    if (tx === undefined) return false
    return tx.accountKeys.every((key, index) => {
      if (!accounts.has(key) || entry.sources.includes(key)) return true
      const moved = tx.meta.preBalances[index] !== tx.meta.postBalances[index]
      const tokens = [...(tx.meta.preTokenBalances ?? []), ...(tx.meta.postTokenBalances ?? [])]
      return !moved && !tokens.some((balance) => balance.accountIndex === index)
    })
  })
}
