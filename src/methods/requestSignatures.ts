import { readSignaturesConfig } from '../params/readSignaturesConfig'
import { ADDRESS, toBase58String } from '../params/toBase58String'
import type { Base58Input, U64Mode } from '../schemas/common'
import { decodeSignatureInfos } from '../schemas/decodeSignatureInfos'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { CallOptions, MethodContext } from './MethodContext'

/** Shared body of the deprecated and the replacement history calls. */
export async function requestSignatures<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  method: string,
  knownKeys: readonly string[],
  address: Base58Input,
  config: unknown,
  options: CallOptions | undefined,
): Promise<SignatureInfo<TMode>[]> {
  const addr = toBase58String(address, ADDRESS, method, 'address')
  const wire = readSignaturesConfig(config, knownKeys, method)
  const params = wire === undefined ? [addr] : [addr, wire]
  const result = await context.transport({ method, params }, options)
  return decodeSignatureInfos(result, context.u64, {
    method,
    endpoint: context.endpoint,
    redact: context.redact,
  })
}
