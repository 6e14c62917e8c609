import type { LedgerAccount, TokenAccountChange, TokenAccountSnapshot } from './types'

/** Collects token account changes as the ledger is built. */
type TokenAccountRecorder = Readonly<{
  /** Records `account`'s state from `slot` on, if it changed. */
  note: (account: LedgerAccount, slot: number) => void
  changes: ReadonlyMap<string, readonly TokenAccountChange[]>
}>

function snapshotOf(account: LedgerAccount): TokenAccountSnapshot | null {
  const token = account.token
  if (token === undefined) return null
  return {
    mint: token.mint.account.address,
    owner: token.owner.address,
    program: token.mint.program.address,
    amount: token.amount,
    decimals: token.mint.decimals,
    lamports: account.lamports,
    closeAuthority: token.closeAuthority?.address ?? null,
    native: token.mint.native === true,
    immutableOwner: token.immutableOwner === true,
  }
}

function same(a: TokenAccountSnapshot | null, b: TokenAccountSnapshot | null): boolean {
  if (a === null || b === null) return a === b
  return (
    a.owner === b.owner &&
    a.amount === b.amount &&
    a.lamports === b.lamports &&
    a.closeAuthority === b.closeAuthority &&
    a.mint === b.mint
  )
}

/**
 * A recorder for the token accounts of a ledger: only accounts that were token accounts at some
 * point get a history, and a change is kept only when the state differs from the last one.
 */
export function recordTokenAccounts(): TokenAccountRecorder {
  const changes = new Map<string, TokenAccountChange[]>()
  return {
    changes,
    note: (account, slot) => {
      const list = changes.get(account.address)
      const state = snapshotOf(account)
      if (list === undefined) {
        if (state !== null) changes.set(account.address, [{ slot, state }])
        return
      }
      const last = list.at(-1)
      if (last !== undefined && same(last.state, state)) return
      list.push({ slot, state })
    },
  }
}
