import { blockTimeFor } from './blockTimeFor'
import { encodeMeta } from './encodeMeta'
import { encodeTransactionBody } from './encodeTransactionBody'
import { findVisibleTransaction } from './findVisibleTransaction'
import type { JsonOut } from './JsonOut'
import type { MethodHandler } from './MethodHandler'
import { fail, invalidParams, ok } from './RpcErrorObject'
import { readPositionalParams } from './readPositionalParams'
import { readTransactionConfigParam } from './readTransactionConfigParam'
import { serdeMismatch } from './serdeMismatch'
import { verifySignature } from './verifySignature'

/** The node's limit on base58 output (`MAX_BASE58_BYTES`), which the RPC docs apply to transactions. */
const MAX_BASE58_BYTES = 128

const BASE58_TOO_LARGE = `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`

function unsupportedVersion(version: number) {
  return fail(
    -32015,
    `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
  )
}

/**
 * getTransaction, or with `deprecated` getConfirmedTransaction (same code path in the node; the
 * deprecated config has no `maxSupportedTransactionVersion`, so it can never return a v0
 * transaction). Order: params, signature, commitment, lookup (null when not visible), version,
 * base58 size, encoding.
 */
export function createGetTransactionHandler(deprecated: boolean): MethodHandler {
  return (ctx, params) => {
    const positional = readPositionalParams(params, 1, 2)
    if (!positional.ok) return positional
    const [signature, configParam] = positional.value
    if (typeof signature !== 'string') return invalidParams(serdeMismatch(signature, 'a string'))
    const config = readTransactionConfigParam(configParam, ctx.rules, !deprecated)
    if (!config.ok) return config
    const verified = verifySignature(signature, ctx.rules.base58LengthCheck)
    if (!verified.ok) return verified
    const { encoding, commitment, maxSupportedTransactionVersion } = config.value
    if (commitment === 'processed')
      return invalidParams('Method does not support commitment below `confirmed`')
    const highestSlot =
      commitment === 'confirmed' ? ctx.frontiers.confirmed : ctx.frontiers.finalized
    const tx = findVisibleTransaction(ctx, signature, highestSlot)
    if (tx === undefined) return ok(null)
    const version = tx.message.version
    if (
      version !== 'legacy' &&
      (maxSupportedTransactionVersion === undefined || version > maxSupportedTransactionVersion)
    ) {
      return unsupportedVersion(version)
    }
    if (
      ctx.base58Limit &&
      (encoding === 'base58' || encoding === 'binary') &&
      tx.wire.length > MAX_BASE58_BYTES
    ) {
      return fail(-32600, BASE58_TOO_LARGE)
    }
    const result: { [key: string]: JsonOut | undefined } = {
      slot: tx.slot,
      transaction: encodeTransactionBody(tx, encoding, ctx.rules),
      meta: tx.metaMissing ? null : encodeMeta(tx, encoding === 'jsonParsed', ctx.rules),
      // Old clients cannot read `version`, so it is written only to those that declared support.
      version: maxSupportedTransactionVersion === undefined ? undefined : version,
      blockTime: ctx.rules.blockTime ? blockTimeFor(ctx, tx.slot, commitment) : undefined,
      transactionIndex: ctx.rules.transactionIndex ? tx.indexInBlock : undefined,
    }
    return ok(result)
  }
}
