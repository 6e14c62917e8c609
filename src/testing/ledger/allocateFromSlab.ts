const SLAB_BYTES = 256 * 1024
/** Larger requests get their own buffer: a slab should not be mostly one array. */
const LARGEST_SHARED = 4 * 1024
let slab = new Uint8Array(SLAB_BYTES)
let used = 0

/**
 * Returns a zeroed view of `length` bytes carved from a shared block. A ledger keeps hundreds of
 * thousands of small byte arrays (wire transactions, inner instruction data) for its whole life;
 * as views into shared blocks they cost one object each instead of a view, an ArrayBuffer and a
 * separate allocation, which also spares the garbage collector. Views never overlap.
 */
export function allocateFromSlab(length: number): Uint8Array {
  if (length > LARGEST_SHARED) return new Uint8Array(length)
  if (used + length > SLAB_BYTES) {
    slab = new Uint8Array(SLAB_BYTES)
    used = 0
  }
  const view = slab.subarray(used, used + length)
  used += length
  return view
}
