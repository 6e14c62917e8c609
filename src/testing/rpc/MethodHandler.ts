import type { JsonOut } from './JsonOut'
import type { RpcContext } from './RpcContext'
import type { Outcome } from './RpcErrorObject'

/** One RPC method: its raw `params` member in, its `result` (or error) out. */
export type MethodHandler = (ctx: RpcContext, params: unknown) => Outcome<JsonOut>
