import { TOKEN_2022_PROGRAM_ID } from '../ledger/programIds'
import type { LedgerState, TokenAccountSnapshot } from '../ledger/types'
import type { ProfileRules } from './profileRules'

/**
 * An account's lamports after every transaction up to and including `slot`: its balance after
 * the last transaction that lists it there (balances chain from one transaction to the next, so
 * that is the ledger's), else before the first one after; an account no transaction lists is a
 * token account at its opening balance, or 0 (unknown to the node, as `getBalance` says of an
 * account that does not exist).
 */
export function lamportsAt(state: LedgerState, address: string, slot: number): bigint {
  const history = state.byAddress.get(address) ?? []
  let low = 0
  let high = history.length
  // The first transaction above `slot`: history is in ledger order.
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((history[middle]?.slot ?? 0) <= slot) low = middle + 1
    else high = middle
  }
  const last = history[low - 1]
  if (last !== undefined) return last.meta.postBalances[last.accountKeys.indexOf(address)] ?? 0n
  const next = history[low]
  if (next !== undefined) return next.meta.preBalances[next.accountKeys.indexOf(address)] ?? 0n
  return state.tokenAccounts?.get(address)?.[0]?.state?.lamports ?? 0n
}

/** A token account's state after every change up to `slot`: undefined before it opened, null once closed. */
export function tokenAccountAt(
  changes: readonly Readonly<{ slot: number; state: TokenAccountSnapshot | null }>[],
  slot: number,
): TokenAccountSnapshot | null | undefined {
  let state: TokenAccountSnapshot | null | undefined
  for (const change of changes) if (change.slot <= slot) state = change.state
  return state
}

/**
 * What `owner` holds after slot `slot`, as `walletBooks` counts it: `'SOL'` is its own lamports
 * plus the lamports of every token account it owns (rent deposits, wrapped SOL); each other
 * mint is the sum of the amounts of its token accounts of that mint (the native mint's amount
 * is lamports already counted). Token-2022 accounts count where the profile's node knows the
 * program (from 1.14), as getTokenAccountsByOwner lists them. Mints of accounts it holds empty
 * are there with 0.
 */
export function walletHoldings(
  state: LedgerState,
  rules: ProfileRules,
  owner: string,
  slot: number,
): ReadonlyMap<string, bigint> {
  const holdings = new Map<string, bigint>([['SOL', lamportsAt(state, owner, slot)]])
  const add = (asset: string, value: bigint) =>
    holdings.set(asset, (holdings.get(asset) ?? 0n) + value)
  for (const changes of state.tokenAccounts?.values() ?? []) {
    const account = tokenAccountAt(changes, slot)
    if (account == null || account.owner !== owner) continue
    if (account.program === TOKEN_2022_PROGRAM_ID && !rules.token2022) continue
    add('SOL', account.lamports)
    if (!account.native) add(account.mint, account.amount)
  }
  return holdings
}
