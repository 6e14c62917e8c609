import { ConfirmedRpcError, type ConfirmedRpcErrorArgs } from './ConfirmedRpcError'

/**
 * A parameter was rejected before any request was sent: a signature or address that is not
 * base58 of the right length, a limit outside 1..1000, an unknown encoding, `processed` commitment.
 * `context.param` names the parameter.
 *
 * @example
 * ```ts
 * import { InvalidParamError, createClient } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * await client.getConfirmedSignaturesForAddress2('not-an-address').catch((error) => {
 *   if (error instanceof InvalidParamError) console.log(error.context.param) // 'address'
 * })
 * ```
 */
export class InvalidParamError extends ConfirmedRpcError<'INVALID_PARAM'> {
  override name = 'InvalidParamError'
  constructor(args: Omit<ConfirmedRpcErrorArgs<'INVALID_PARAM'>, 'code'>) {
    super({ ...args, code: 'INVALID_PARAM' })
  }
}
