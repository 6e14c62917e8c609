import { allocateFromSlab } from './allocateFromSlab'

/**
 * Copies `bytes` into a shared block (see {@link allocateFromSlab}) and returns a view of the
 * copy, for small arrays that live as long as the ledger (inner instruction data, return data).
 */
export function copyToSlab(bytes: Uint8Array): Uint8Array {
  const view = allocateFromSlab(bytes.length)
  view.set(bytes)
  return view
}
