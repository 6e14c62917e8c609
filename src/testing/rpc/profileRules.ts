import type { LedgerProfile } from '../ledger/LedgerState'
import { BUILTIN_AND_SYSVAR_KEYS, RESERVED_ACCOUNT_KEYS } from '../ledger/programIds'

/** The node behaviours that differ between the releases the mock imitates (server-semantics §11). */
export type ProfileRules = Readonly<{
  /** getConfirmedTransaction and getConfirmedSignaturesForAddress2 exist (removed in 2.0). */
  deprecatedMethods: boolean
  /** `recent`, `single`, `singleGossip`, `max`, `root` are commitment levels (removed in 2.0). */
  legacyCommitments: boolean
  /** An unknown `before`/`until` is -32020 instead of `[]` / ignored (4.0). */
  cursorNotFoundError: boolean
  /** `transactionIndex` on getTransaction results and signature infos (4.0). */
  transactionIndex: boolean
  /** `stackHeight` of top-level instructions: null up to 2.2, 1 from 2.3. */
  topLevelStackHeight: 1 | null
  /** `meta.costUnits` is written when stored (2.3). */
  costUnits: boolean
  /** `InstructionError::BorshIoError` is a unit variant (3.0). */
  borshIoErrorUnit: boolean
  /** Keys jsonParsed never shows as writable: builtins and sysvars, more of them from 2.0. */
  reservedKeys: ReadonlySet<string>
}>

const RULES: Readonly<Record<LedgerProfile, ProfileRules>> = {
  'v1.18': {
    deprecatedMethods: true,
    legacyCommitments: true,
    cursorNotFoundError: false,
    transactionIndex: false,
    topLevelStackHeight: null,
    costUnits: false,
    borshIoErrorUnit: false,
    reservedKeys: BUILTIN_AND_SYSVAR_KEYS,
  },
  v2: {
    deprecatedMethods: false,
    legacyCommitments: false,
    cursorNotFoundError: false,
    transactionIndex: false,
    topLevelStackHeight: null,
    costUnits: false,
    borshIoErrorUnit: false,
    reservedKeys: RESERVED_ACCOUNT_KEYS,
  },
  v4: {
    deprecatedMethods: false,
    legacyCommitments: false,
    cursorNotFoundError: true,
    transactionIndex: true,
    topLevelStackHeight: 1,
    costUnits: true,
    borshIoErrorUnit: true,
    reservedKeys: RESERVED_ACCOUNT_KEYS,
  },
}

/**
 * The behaviour set of a profile.
 *
 * @example
 * ```ts
 * console.log(profileRules('v4').cursorNotFoundError) // true
 * ```
 */
export function profileRules(profile: LedgerProfile): ProfileRules {
  return RULES[profile]
}
