import type { PageCursor, PageEntry } from './PageCursor'

/** Where a page goes wrong, and which cursor the node failed to honour. @internal */
export type StaleEntry = Readonly<{ index: number; param: 'before' | 'until' }>

/**
 * The first entry of `page` that cannot appear in a correct answer to a request from `cursor`,
 * or `undefined`.
 *
 * A correct page runs newest to oldest and starts strictly below the cursor: slots never rise,
 * and within one slot the block position (`transactionIndex`, when the node sends it) falls. An
 * entry newer than the cursor means the node did not honour `before`. With `untilSlot` known, an
 * entry in an older slot means it did not honour `until` (nodes before 4.0 ignore an `until`
 * they do not have); the one exception is the request's start slot, which a node returns whole
 * even when `until` lies in a newer slot. Entries already taken are skipped here: they are
 * dropped later as duplicates, not held against the page, and so is whatever follows `until`
 * itself, which is cut off.
 * @internal
 */
export function findStaleEntry(
  page: readonly PageEntry[],
  cursor: PageCursor,
  until: string | undefined,
  untilSlot: number | bigint | undefined,
): StaleEntry | undefined {
  const startSlot = cursor.slot
  let slot = cursor.slot
  let index = cursor.transactionIndex
  for (let i = 0; i < page.length; i++) {
    const entry = page[i] as PageEntry
    // The page is cut at `until` (see takeFreshEntries): what follows it does not count.
    if (entry.signature === until) return undefined
    if (
      untilSlot !== undefined &&
      entry.slot < untilSlot &&
      (startSlot === undefined || entry.slot < startSlot)
    ) {
      return { index: i, param: 'until' }
    }
    if (slot !== undefined) {
      // A repeat of an entry taken before is fine while the page is still in the cursor's slot.
      if (cursor.seen.has(entry.signature) && startSlot !== undefined && !(slot < startSlot)) {
        continue
      }
      if (
        entry.slot > slot ||
        (!(entry.slot < slot) &&
          index !== undefined &&
          entry.transactionIndex !== undefined &&
          entry.transactionIndex >= index)
      ) {
        return { index: i, param: 'before' }
      }
    }
    slot = entry.slot
    index = entry.transactionIndex
  }
  return undefined
}
