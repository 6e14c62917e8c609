import { ADDRESS, toBase58String } from '../params/readFields'
import { readWireConfig, type WireKey } from '../params/readWireConfig'
import type { Base58Input, U64Mode } from '../schemas/common'
import { decodeSignatureInfos } from '../schemas/decodeSignatureInfos'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { ActionClient } from './ActionClient'
import { readActionClient } from './readActionClient'

/** Shared body of the deprecated and the replacement history calls. @internal */
export async function requestSignatures<TMode extends U64Mode>(
  client: ActionClient<TMode>,
  method: string,
  wireKeys: readonly WireKey[],
  address: Base58Input,
  config: unknown,
): Promise<SignatureInfo<TMode>[]> {
  const context = readActionClient(client, method)
  const addr = toBase58String(address, ADDRESS, method, 'address')
  const { wire, signal } = readWireConfig(config, wireKeys, method)
  const params = wire === undefined ? [addr] : [addr, wire]
  const result = await context.transport({ method, params }, { signal })
  return decodeSignatureInfos(result, context.u64, {
    method,
    endpoint: context.endpoint,
    redact: context.redact,
  })
}
