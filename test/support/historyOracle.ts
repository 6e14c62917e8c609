import type { MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile, LedgerTransaction } from '../../src/testing/ledger/types'
import { compareInSlot } from '../../src/testing/rpc/createRpcContext'
import { profileRules } from '../../src/testing/rpc/profileRules'

/** The query a walk was given. */
export type WalkQuery = Readonly<{
  before?: string | undefined
  until?: string | undefined
  limit?: number | undefined
  commitment?: 'confirmed' | 'finalized' | undefined
}>

/** What a walk must produce: the signatures in order, or the cursor the node cannot find. */
export type ExpectedWalk =
  | Readonly<{ signatures: string[] }>
  | Readonly<{ missing: Readonly<{ param: 'before' | 'until'; cursor: string }> }>

/**
 * The whole walk computed from the ledger's oracle (`ledger.signatures`), with the node's cursor
 * rules (Agave's `rpc/src/rpc.rs` and `ledger/src/blockstore.rs`): both cursors are exclusive ledger positions; an unknown
 * `before` gives nothing (before 4.0, and the walk then finds it unknown) or -32020; an unknown `until` is ignored (before 4.0) or
 * -32020; an `until` newer than the `before` slot leaves only the rest of that slot. Within a
 * slot, positions follow the profile's order (block position from 1.18, signature before), and
 * a release without a commitment param (1.3) reads at `finalized` whatever is asked.
 */
export function expectedWalk(
  ledger: MockLedger,
  profile: LedgerProfile,
  address: string,
  query: WalkQuery,
): ExpectedWalk {
  const rules = profileRules(profile)
  const commitment = rules.commitmentParam ? (query.commitment ?? 'finalized') : 'finalized'
  const frontier = ledger.state.frontiers[commitment]
  const position = (signature: string | undefined) => {
    if (signature === undefined) return undefined
    const tx = ledger.transaction(signature)
    if (tx === undefined || tx.signature !== signature) return undefined
    if (tx.slot > frontier || tx.slot < ledger.state.firstAvailableSlot) return undefined
    return { slot: tx.slot, tx }
  }
  /** Where `tx` stands against a cursor in the same slot: negative when it is older. */
  const against = (tx: LedgerTransaction | undefined, cursor: LedgerTransaction) =>
    tx === undefined ? -1 : compareInSlot(tx, cursor, rules.blockOrderInSlot)
  const cursorErrors = rules.cursorNotFoundError
  const before = position(query.before)
  const until = position(query.until)
  // Before 4.0 the node answers an empty page, after which the walk asks for the transaction
  // (archivePage.ts): either way the walk fails with the cursor.
  if (query.before !== undefined && before === undefined) {
    return { missing: { param: 'before', cursor: query.before } }
  }
  if (query.until !== undefined && until === undefined && cursorErrors) {
    return { missing: { param: 'until', cursor: query.until } }
  }
  const startSlot = before?.slot ?? frontier
  const out: string[] = []
  for (const info of ledger.signatures(address, { commitment })) {
    const tx = ledger.transaction(info.signature)
    if (before !== undefined) {
      if (info.slot > before.slot || (info.slot === before.slot && against(tx, before.tx) >= 0))
        continue
    }
    if (until !== undefined) {
      if (info.slot !== startSlot && info.slot < until.slot) break
      if (info.slot === until.slot && against(tx, until.tx) <= 0) continue
    }
    out.push(info.signature)
    if (query.limit !== undefined && out.length >= query.limit) break
  }
  return { signatures: out }
}

/** Every signature of the ledger that a cursor may name (first signatures only). */
export function ledgerSignatures(ledger: MockLedger): string[] {
  const out: string[] = []
  for (const [signature, tx] of ledger.state.bySignature)
    if (tx.signature === signature) out.push(signature)
  return out
}
