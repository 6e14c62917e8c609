import type { MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile } from '../../src/testing/ledger/LedgerState'

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
 * rules (server-semantics §3.4, §4): both cursors are exclusive ledger positions; an unknown
 * `before` gives nothing (before 4.0) or -32020; an unknown `until` is ignored (before 4.0) or
 * -32020; an `until` newer than the `before` slot leaves only the rest of that slot.
 */
export function expectedWalk(
  ledger: MockLedger,
  profile: LedgerProfile,
  address: string,
  query: WalkQuery,
): ExpectedWalk {
  const commitment = query.commitment ?? 'finalized'
  const frontier = ledger.state.frontiers[commitment]
  const position = (signature: string | undefined) => {
    if (signature === undefined) return undefined
    const tx = ledger.transaction(signature)
    if (tx === undefined || tx.signature !== signature) return undefined
    if (tx.slot > frontier || tx.slot < ledger.state.firstAvailableSlot) return undefined
    return { slot: tx.slot, index: tx.indexInBlock }
  }
  const cursorErrors = profile === 'v4'
  const before = position(query.before)
  const until = position(query.until)
  if (query.before !== undefined && before === undefined) {
    return cursorErrors
      ? { missing: { param: 'before', cursor: query.before } }
      : { signatures: [] }
  }
  if (query.until !== undefined && until === undefined && cursorErrors) {
    return { missing: { param: 'until', cursor: query.until } }
  }
  const startSlot = before?.slot ?? frontier
  const out: string[] = []
  for (const info of ledger.signatures(address, { commitment })) {
    const index = (ledger.transaction(info.signature)?.indexInBlock ?? -1) as number
    if (before !== undefined) {
      if (info.slot > before.slot || (info.slot === before.slot && index >= before.index)) continue
    }
    if (until !== undefined) {
      if (info.slot !== startSlot && info.slot < until.slot) break
      if (info.slot === until.slot && index <= until.index) continue
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
