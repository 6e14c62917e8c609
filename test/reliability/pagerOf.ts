import type { Client } from '../../src/client'
import type { SignaturesForAddressOptions } from '../../src/history/SignaturesForAddressOptions'
import { type SignatureWalk, signaturesForAddress } from '../../src/history/signaturesForAddress'
import type { U64Mode } from '../../src/schemas/common'

/** Starts a history walk. */
export type Walker<TMode extends U64Mode> = (
  address: string,
  options?: SignaturesForAddressOptions,
) => SignatureWalk<TMode>

/**
 * The walk as the `signaturesForAddress` action starts it with this client; the client method is
 * the same function bound, so the reliability suites cover both.
 */
export function pagerOf<TMode extends U64Mode>(client: Client<TMode>): Walker<TMode> {
  return (address, options) => signaturesForAddress(client, address, options)
}

/** Every entry of a walk, in order. */
export async function collectWalk<TMode extends U64Mode>(walk: SignatureWalk<TMode>) {
  const out = []
  for await (const entry of walk) out.push(entry)
  return out
}
