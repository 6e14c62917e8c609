import type { U64Mode } from '../schemas/common'
import type { WalletEntry } from '../wallet/types'
import { balanceChanges, transactionFee } from './balanceChanges'
import type { BalanceChange, BookDelta, BookRow, BooksCheckpoint } from './types'

/** The native mint: its token amount is lamports the `'SOL'` entries already count. */
export const NATIVE_MINT = 'So11111111111111111111111111111111111111112'

/** What the rows of one asset add up to. @internal */
type AssetTotal = { decimals: number; rows: bigint; later: bigint }

/**
 * The books of one owner as the walk reads them, newest transaction first: each transaction's
 * row, the totals per asset, and each of the owner's balances as the oldest transaction read so
 * far found it (the opening the history shows). @internal
 */
export type Bookkeeper = Readonly<{
  /**
   * Books one transaction: its row (undefined when it neither moved the owner's holdings nor
   * charged it a fee); `later` counts it apart (newer than the `to` bound) and yields no row.
   */
  book(entry: WalletEntry<U64Mode>, later: boolean): BookRow | undefined
  totals: ReadonlyMap<string, AssetTotal>
  /** Balance before the oldest transaction read, by `account asset`. */
  opening: ReadonlyMap<string, Readonly<{ account: string; asset: string; before: bigint }>>
  /** The parts of a checkpoint that carry the books. */
  save(): Pick<BooksCheckpoint, 'totals' | 'opening'>
}>

/**
 * The owner's entries of a record: those whose `owner` is the owner; where the node sent no
 * token-balance owner (`null`, data stored before 1.7.16), those of the token accounts the walk
 * found the transaction under; and where the record has no token balance for such an account at
 * all (rows stored without token balances), its lamports. The native mint's token entries are
 * left out (their amount is the account's lamports).
 */
function ownerEntries(
  changes: readonly BalanceChange[],
  owner: string,
  accounts: ReadonlySet<string>,
): BalanceChange[] {
  const knownHolder = new Set(
    changes.filter((entry) => entry.owner !== entry.account).map((entry) => entry.account),
  )
  return changes.filter((entry) => {
    if (entry.asset === NATIVE_MINT) return false
    if (entry.owner === owner) return true
    if (!accounts.has(entry.account)) return false
    return (
      entry.owner === null || (entry.owner === entry.account && !knownHolder.has(entry.account))
    )
  })
}

function deltasOf(entries: readonly BalanceChange[]): BookDelta[] {
  const sums = new Map<string, { delta: bigint; decimals: number }>()
  for (const entry of entries) {
    const sum = sums.get(entry.asset) ?? { delta: 0n, decimals: entry.decimals }
    sum.delta += entry.delta
    sums.set(entry.asset, sum)
  }
  const assets = [...sums.keys()].sort((a, b) =>
    a === 'SOL' ? -1 : b === 'SOL' ? 1 : a < b ? -1 : 1,
  )
  return assets.flatMap((asset) => {
    const { delta, decimals } = sums.get(asset) as { delta: bigint; decimals: number }
    return delta === 0n ? [] : [{ asset, delta, decimals }]
  })
}

const toNumber = (value: number | bigint | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value)

/** A bookkeeper for `owner`, carrying on from a checkpoint's books when given. @internal */
export function createBookkeeper(
  owner: string,
  saved?: Pick<BooksCheckpoint, 'totals' | 'opening'>,
): Bookkeeper {
  const totals = new Map<string, AssetTotal>(
    (saved?.totals ?? []).map((total) => [
      total.asset,
      { decimals: total.decimals, rows: BigInt(total.rows), later: BigInt(total.later) },
    ]),
  )
  const opening = new Map(
    (saved?.opening ?? []).map((seen) => [
      `${seen.account} ${seen.asset}`,
      { account: seen.account, asset: seen.asset, before: BigInt(seen.before) },
    ]),
  )
  return {
    totals,
    opening,
    book: (entry, later) => {
      const tx = entry.transaction
      if (tx === null || tx === undefined) return undefined
      const tokenAccounts = new Set(entry.sources.filter((source) => source !== owner))
      const accounts = ownerEntries(balanceChanges(tx), owner, tokenAccounts)
      for (const change of accounts) {
        opening.set(`${change.account} ${change.asset}`, {
          account: change.account,
          asset: change.asset,
          before: change.before,
        })
      }
      const deltas = deltasOf(accounts)
      for (const { asset, delta, decimals } of deltas) {
        const total = totals.get(asset) ?? { decimals, rows: 0n, later: 0n }
        if (later) total.later += delta
        else total.rows += delta
        totals.set(asset, total)
      }
      const paid = transactionFee(tx)
      const fee = paid?.payer === owner ? paid.fee : 0n
      if (later || (deltas.length === 0 && fee === 0n)) return undefined
      return {
        signature: entry.signature,
        slot: BigInt(entry.slot),
        blockTime: toNumber(entry.blockTime ?? tx.blockTime),
        failed: (tx.meta?.err ?? entry.err) != null,
        fee,
        deltas,
        accounts,
      }
    },
    save: () => ({
      totals: [...totals].map(([asset, total]) => ({
        asset,
        decimals: total.decimals,
        rows: String(total.rows),
        later: String(total.later),
      })),
      opening: [...opening.values()].map((seen) => ({ ...seen, before: String(seen.before) })),
    }),
  }
}
