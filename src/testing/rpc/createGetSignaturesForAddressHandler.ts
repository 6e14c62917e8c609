import { encodeSignatureInfo } from './encodeSignatureInfo'
import { findAddressSignatures } from './findAddressSignatures'
import type { MethodHandler } from './MethodHandler'
import { fail, invalidParams, ok } from './RpcErrorObject'
import { readPositionalParams } from './readPositionalParams'
import { readSignaturesConfigParam } from './readSignaturesConfigParam'
import { serdeMismatch } from './serdeMismatch'
import { verifyPubkey } from './verifyPubkey'
import { verifySignature } from './verifySignature'

/** MAX_GET_CONFIRMED_SIGNATURES_FOR_ADDRESS2_LIMIT: the default and the maximum. */
const MAX_LIMIT = 1000

/**
 * getSignaturesForAddress, or with `deprecated` getConfirmedSignaturesForAddress2 (the same scan;
 * only the config type differs: no `minContextSlot`). Order: params, address, before, until,
 * limit, commitment, context slot, cursors, scan.
 */
export function createGetSignaturesForAddressHandler(deprecated: boolean): MethodHandler {
  const structName = deprecated
    ? 'RpcGetConfirmedSignaturesForAddress2Config'
    : 'RpcSignaturesForAddressConfig'
  return (ctx, params) => {
    const positional = readPositionalParams(params, 1, 2)
    if (!positional.ok) return positional
    const [address, configParam] = positional.value
    if (typeof address !== 'string') return invalidParams(serdeMismatch(address, 'a string'))
    const config = readSignaturesConfigParam(configParam, ctx.rules, structName, !deprecated)
    if (!config.ok) return config
    const { before, until, commitment, minContextSlot } = config.value
    const lengthCheck = ctx.rules.base58LengthCheck
    const checks = [
      verifyPubkey(address, lengthCheck),
      ...(before === undefined ? [] : [verifySignature(before, lengthCheck)]),
      ...(until === undefined ? [] : [verifySignature(until, lengthCheck)]),
    ]
    for (const check of checks) if (!check.ok) return check
    const limit = config.value.limit ?? MAX_LIMIT
    if (limit === 0 || limit > MAX_LIMIT) return invalidParams(`Invalid limit; max ${MAX_LIMIT}`)
    if (commitment === 'processed')
      return invalidParams('Method does not support commitment below `confirmed`')
    const highestSlot =
      commitment === 'confirmed' ? ctx.frontiers.confirmed : ctx.frontiers.finalized
    if (minContextSlot !== undefined && minContextSlot > highestSlot) {
      return fail(-32016, 'Minimum context slot has not been reached', { contextSlot: highestSlot })
    }
    const found = findAddressSignatures(ctx, { address, highestSlot, before, until, limit })
    if (!found.found) return fail(-32020, `Transaction ${found.cursor} not found`)
    return ok(found.entries.map((tx) => encodeSignatureInfo(ctx, tx, commitment)))
  }
}
