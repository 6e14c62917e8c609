import type { ProfileRules } from './profileRules'

/** A commitment after the node's reading of it: legacy names mapped, unknown ones dropped. */
export type CommitmentLevel = 'processed' | 'confirmed' | 'finalized'

const CURRENT: Readonly<Record<string, CommitmentLevel>> = {
  processed: 'processed',
  confirmed: 'confirmed',
  finalized: 'finalized',
}

const LEGACY: Readonly<Record<string, CommitmentLevel>> = {
  ...CURRENT,
  recent: 'processed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  max: 'finalized',
  root: 'finalized',
}

/**
 * Reads the flattened `commitment` of a config object. The node reads it as an optional field
 * that swallows its own errors, so a value it does not know (a typo, `null`, a number, a level
 * removed in 2.0) means the default, `finalized`, and never an error. A release whose configs had
 * no commitment (1.3) ignores the key and reads at the highest root: `finalized`.
 */
export function readCommitment(
  config: Readonly<Record<string, unknown>> | undefined,
  rules: ProfileRules,
): CommitmentLevel {
  const value = config?.commitment
  if (typeof value !== 'string' || !rules.commitmentParam) return 'finalized'
  const table = rules.legacyCommitments ? LEGACY : CURRENT
  return Object.hasOwn(table, value) ? (table[value] as CommitmentLevel) : 'finalized'
}
