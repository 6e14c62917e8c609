/**
 * A page of an address's history the plan read, from a point of the slot range down: the head
 * page (from the newest slot), or a sample (from a block's first transaction, or below a slot
 * through the provider's filter).
 * @internal
 */
export type SampledPage = Readonly<{
  /** The slot the page reads down from: the newest slot, or the sample's cursor slot. */
  hi: number
  /** The slots of its entries, newest first. */
  slots: readonly number[]
  /** It held fewer entries than asked: the address has nothing older than its last entry. */
  complete: boolean
}>

/** A stretch of slots: counted from a page's entries, or a gap between pages at a density. */
type Segment = Readonly<{ hi: number; lo: number; slots?: readonly number[]; density: number }>

/** Entries of a history by slot, as far as pages read at a few points tell. @internal */
export type DensityProfile = Readonly<{
  /** Entries estimated in the whole span. */
  entries: number
  /** Entries estimated in the slots `[lo, hi]`. */
  between(lo: number, hi: number): number
  /** The slot of the oldest entry, where a page reached it. */
  oldestSlot: number | undefined
  /** Whether every entry was on a page read (the count is exact). */
  exact: boolean
}>

const densityOf = (slots: readonly number[], hi: number, lo: number): number =>
  slots.length / Math.max(1, hi - lo + 1)

/**
 * The history's entries from pages read at points of `[bottom, top]`. Each page counts its own
 * slots exactly (a later page only the slots below the pages before it; a full page leaves its
 * oldest slot, which it may hold in part, to the page below); the slots between two
 * pages are taken at the mean density of the two; below the last page, at its density, down to
 * `bottom`. A page that came back short ends the history at its last entry; an empty one ends it
 * above its cursor, half-way into the gap above it (where it ends is not known).
 * @internal
 */
export function createDensityProfile(
  pages: readonly SampledPage[],
  top: number,
  bottom: number,
): DensityProfile {
  const sorted = [...pages].sort((a, b) => b.hi - a.hi)
  const segments: Segment[] = []
  let cursor = top + 1 // the lowest slot counted so far (exclusive below)
  let previous: Segment | undefined
  let oldestSlot: number | undefined
  let exact = true
  for (const page of sorted) {
    const hi = Math.min(page.hi, cursor - 1)
    const within = page.slots.filter((slot) => slot <= hi)
    // A full page may end inside a slot: its oldest slot is counted by the page below, whole.
    const cut = page.complete ? undefined : within.at(-1)
    const whole = within.filter((slot) => slot !== cut)
    const slots = whole.length > 0 ? whole : within
    const lo = slots.at(-1) ?? hi
    const density = densityOf(slots, hi, lo)
    if (hi < cursor - 1) {
      // Not read: the slots between the page above and this one.
      const mean = ((previous?.density ?? density) + density) / 2
      const gapLo = slots.length === 0 && page.complete ? Math.ceil((hi + cursor) / 2) : hi + 1
      segments.push({ hi: cursor - 1, lo: gapLo, density: mean })
      exact = false
    }
    if (slots.length > 0) {
      previous = { hi, lo, slots, density }
      segments.push(previous)
      cursor = slots === whole && cut !== undefined ? cut + 1 : lo
    }
    if (page.complete) {
      oldestSlot = slots.at(-1)
      return finish(segments, oldestSlot, exact)
    }
  }
  if (cursor > bottom) {
    segments.push({ hi: cursor - 1, lo: bottom, density: previous?.density ?? 0 })
    exact = false
  }
  return finish(segments, undefined, exact)
}

function finish(
  segments: readonly Segment[],
  oldestSlot: number | undefined,
  exact: boolean,
): DensityProfile {
  const between = (lo: number, hi: number): number => {
    let sum = 0
    for (const segment of segments) {
      const from = Math.max(lo, segment.lo)
      const to = Math.min(hi, segment.hi)
      if (from > to) continue
      if (segment.slots === undefined) sum += segment.density * (to - from + 1)
      else for (const slot of segment.slots) if (slot >= from && slot <= to) sum++
    }
    return sum
  }
  const entries = between(Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY)
  return { entries, between, oldestSlot, exact }
}
