import type { PageCursor, PageEntry } from './PageCursor'

/** What {@link takeFreshEntries} kept of a page. @internal */
export type FreshEntries<T> = Readonly<{
  /** The entries not taken before, in page order. */
  entries: T[]
  /** The page held the walk's `until` signature: the walk ends here. */
  end: boolean
}>

/**
 * Takes the entries of an accepted page (see `findStaleEntry`) that were not taken before, and
 * moves the cursor to the last of them. Stops at `until`, which a correct node never returns
 * (it is exclusive), in case a node ignored it.
 * @internal
 */
export function takeFreshEntries<T extends PageEntry>(
  page: readonly T[],
  cursor: PageCursor,
  until: string | undefined,
): FreshEntries<T> {
  const fresh: T[] = []
  for (const entry of page) {
    if (entry.signature === until) return { entries: fresh, end: true }
    if (cursor.slot === undefined || entry.slot < cursor.slot) {
      cursor.seen.clear()
      cursor.slot = entry.slot
    } else if (cursor.seen.has(entry.signature)) {
      continue
    }
    cursor.seen.add(entry.signature)
    cursor.signature = entry.signature
    cursor.transactionIndex = entry.transactionIndex
    fresh.push(entry)
  }
  return { entries: fresh, end: false }
}
