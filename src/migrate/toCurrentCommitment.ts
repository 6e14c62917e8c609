/**
 * Commitment levels that 1.18 still accepted and nodes from 2.0 on drop without a word (an unknown
 * level becomes `finalized` there). Each maps to the level 1.18 treated it as, so a raw request
 * keeps its meaning; `recent` becomes `processed`, which both node lines reject the same way.
 */
const LEGACY_COMMITMENTS: Readonly<Record<string, string>> = {
  recent: 'processed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  root: 'finalized',
  max: 'finalized',
}

/** Rewrites a legacy `commitment` of a config object in place. @internal */
export function toCurrentCommitment(config: Record<string, unknown>): void {
  const level = config.commitment
  if (typeof level === 'string' && Object.hasOwn(LEGACY_COMMITMENTS, level)) {
    config.commitment = LEGACY_COMMITMENTS[level]
  }
}
