import type { RpcContext } from './createRpcContext'
import {
  readContextConfigParam,
  readPositionalParams,
  serdeMismatch,
  verifyPubkey,
} from './readParams'
import { invalidParams, type MethodHandler, ok, rpcError } from './types'
import { lamportsAt } from './walletHoldings'

/**
 * getBalance (Agave `rpc.rs` `get_balance`): params `[pubkey, {commitment, minContextSlot}]`,
 * answered `{ context: { slot }, value: lamports }` at the commitment's frontier, 0 for an
 * account the ledger does not know. Token accounts' lamports (rent deposits, wrapped SOL) are
 * those of the ledger's transactions, as getTokenAccountsByOwner reports them. From 1.10 a
 * `minContextSlot` above the frontier is -32016 with `data: { contextSlot }`; before, an
 * ignored field.
 */
export function createGetBalanceHandler(): MethodHandler {
  return (ctx: RpcContext, params) => {
    const positional = readPositionalParams(params, 1, 2)
    if (!positional.ok) return positional
    const [address, configParam] = positional.value
    if (typeof address !== 'string') return invalidParams(serdeMismatch(address, 'a string'))
    const key = verifyPubkey(address, ctx.rules.base58LengthCheck)
    if (!key.ok) return key
    const config = readContextConfigParam(configParam, ctx.rules)
    if (!config.ok) return config
    const slot = ctx.frontiers[config.value.commitment]
    const { minContextSlot } = config.value
    if (ctx.rules.minContextSlotParam && minContextSlot !== undefined && slot < minContextSlot) {
      return rpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: slot })
    }
    return ok({ context: { slot }, value: lamportsAt(ctx.state, address, slot) })
  }
}
