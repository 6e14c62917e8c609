/**
 * Sends a transaction lookup's config in the form every release reads: when it holds nothing but
 * an encoding (and the node's default commitment, `finalized`), as the bare encoding string, or
 * not at all. Nodes before 1.5.15 / 1.6 read `getConfirmedTransaction`'s second parameter only
 * as an encoding string and refuse an object with -32602 (`core/src/rpc.rs` at v1.3.23); every
 * later node still reads the string. Other params are returned as they are.
 */
export function compactTransactionParams(params: readonly unknown[]): readonly unknown[] {
  const [signature, config] = params
  if (typeof config !== 'object' || config === null) return params
  let encoding: unknown
  for (const [key, value] of Object.entries(config)) {
    if (key === 'encoding') encoding = value
    else if (value !== undefined && (key !== 'commitment' || value !== 'finalized')) return params
  }
  return encoding === undefined ? [signature] : [signature, encoding]
}
