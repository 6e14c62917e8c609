import type { TextEdit } from './TextEdit'

/**
 * How the commitment argument of a deprecated transaction call becomes the replacement's
 * config object: the edits and a note for the report, or why it cannot be done safely.
 */
export type ConfigPlan =
  | Readonly<{ ok: true; edits: readonly TextEdit[]; note: string }>
  | Readonly<{ ok: false; reason: string }>
