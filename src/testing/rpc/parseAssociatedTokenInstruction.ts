import type { JsonOut } from './JsonOut'
import type { ParsedInstructionBody } from './ParsedInstructionBody'

type Info = { [key: string]: JsonOut }

/**
 * The node's associated-token-account parser: empty data or tag 0 is `create`, 1
 * `createIdempotent`, 2 `recoverNested` (borsh: nothing may follow the tag).
 */
export function parseAssociatedTokenInstruction(
  data: Uint8Array,
  a: readonly string[],
): ParsedInstructionBody | undefined {
  if (data.length > 1) return undefined
  const tag = data.length === 0 ? 0 : data[0]
  if (tag === 0 || tag === 1) {
    if (a.length < 6) return undefined
    const info = {
      source: a[0],
      account: a[1],
      wallet: a[2],
      mint: a[3],
      systemProgram: a[4],
      tokenProgram: a[5],
    } as Info
    return { type: tag === 0 ? 'create' : 'createIdempotent', info }
  }
  if (tag === 2) {
    if (a.length < 7) return undefined
    const info = {
      nestedSource: a[0],
      nestedMint: a[1],
      destination: a[2],
      nestedOwner: a[3],
      ownerMint: a[4],
      wallet: a[5],
      tokenProgram: a[6],
    } as Info
    return { type: 'recoverNested', info }
  }
  return undefined
}
