const shared = new Map<number, readonly number[]>()

/**
 * Returns one shared, frozen array per list of small account indexes: a big ledger holds hundreds
 * of thousands of instructions but only a few hundred distinct index lists, and each array kept
 * costs more memory than its contents. Lists too long or with large indexes come back as they are.
 */
export function internIndexes(indexes: readonly number[]): readonly number[] {
  if (indexes.length > 7) return indexes
  // Base-65 digits (index + 1) plus the length: unique for up to 7 indexes below 64.
  let key = indexes.length
  let weight = 65
  for (const index of indexes) {
    if (index > 63) return indexes
    key += (index + 1) * weight
    weight *= 65
  }
  let found = shared.get(key)
  if (found === undefined) {
    found = Object.freeze([...indexes])
    shared.set(key, found)
  }
  return found
}
