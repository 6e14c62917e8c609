import { isPlainObject } from '../json/isPlainObject'

/** The `maxSupportedTransactionVersion` of a transaction request's config, if it has one. @internal */
export function readMaxSupportedTransactionVersion(
  request: Readonly<{ params: readonly unknown[] }>,
): number | undefined {
  const config = request.params[1]
  if (!isPlainObject(config)) return undefined
  const version = config.maxSupportedTransactionVersion
  return typeof version === 'number' ? version : undefined
}
