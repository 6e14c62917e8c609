import type { Client } from '../../../src/client'
import {
  type SignaturesForAddressOptions,
  type SignatureWalk,
  signaturesForAddress,
} from '../../../src/history/signaturesForAddress'
import type { U64Mode } from '../../../src/schemas/common'

/** Starts a history walk. */
export type Walker<TMode extends U64Mode> = (
  address: string,
  options?: SignaturesForAddressOptions,
) => SignatureWalk<TMode>

/**
 * `client.signaturesForAddress` once the client has it; until then the pager function bound to
 * the client's transport (which carries the method policy), as the client will bind it.
 */
export function pagerOf<TMode extends U64Mode>(
  client: Client<TMode>,
  endpoint?: string | undefined,
): Walker<TMode> {
  const bound = (client as { signaturesForAddress?: Walker<TMode> }).signaturesForAddress
  if (typeof bound === 'function') return bound
  return (address, options) =>
    signaturesForAddress(
      { transport: client.transport, u64: client.u64, endpoint },
      address,
      options,
    )
}

/** Every entry of a walk, in order. */
export async function collectWalk<TMode extends U64Mode>(walk: SignatureWalk<TMode>) {
  const out = []
  for await (const entry of walk) out.push(entry)
  return out
}
