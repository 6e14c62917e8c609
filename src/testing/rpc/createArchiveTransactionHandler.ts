import { isPlainObject } from '../../json/parseJson'
import { createGetTransactionHandler } from './createGetTransactionHandler'
import type { MethodHandler } from './MethodHandler'
import { fail, invalidParams } from './RpcErrorObject'

const GET_TRANSACTION = createGetTransactionHandler(false)

/**
 * getTransaction as an archive answers it, after Old Faithful
 * (`multiepoch-getTransaction.go`, `request-response.go:333-357`): the second param must be a
 * config object (a bare encoding is -32602 `Invalid params`); `commitment` and
 * `maxSupportedTransactionVersion` are not read (finalized history, and `version` is always
 * written, so no -32015); an unknown signature is -32009 `Transaction not found`.
 */
export function createArchiveTransactionHandler(): MethodHandler {
  return (ctx, params) => {
    const [signature, config, ...rest] = Array.isArray(params) ? params : []
    if (typeof signature !== 'string' || rest.length > 0) return invalidParams('Invalid params')
    if (config !== undefined && config !== null && !isPlainObject(config)) {
      return invalidParams('Invalid params')
    }
    const encoding = isPlainObject(config) ? config.encoding : undefined
    const answer = GET_TRANSACTION(ctx, [
      signature,
      {
        ...(encoding === undefined ? {} : { encoding }),
        commitment: 'finalized',
        maxSupportedTransactionVersion: 0,
      },
    ])
    if (answer.ok && answer.value === null) return fail(-32009, 'Transaction not found')
    return answer
  }
}
