import type { JsonOut } from './JsonOut'
import type { ParsedInstructionBody } from './ParsedInstructionBody'

/**
 * The associated-token-account parser of 1.6 to 1.9 (`transaction-status/src/
 * parse_associated_token.rs` @v1.9.29): it knew only `create` and its seven accounts, rent
 * sysvar included, and never read the data, so any instruction with seven accounts is a
 * `create` and one with fewer falls back to the raw form.
 */
export function parseLegacyAssociatedTokenInstruction(
  _data: Uint8Array,
  a: readonly string[],
): ParsedInstructionBody | undefined {
  if (a.length < 7) return undefined
  const info = {
    source: a[0],
    account: a[1],
    wallet: a[2],
    mint: a[3],
    systemProgram: a[4],
    tokenProgram: a[5],
    rentSysvar: a[6],
  } as { [key: string]: JsonOut }
  return { type: 'create', info }
}
