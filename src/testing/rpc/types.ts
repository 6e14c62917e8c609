import type { RpcContext } from './createRpcContext'
import type { JsonOut } from './writeJson'

/** One RPC method: its raw `params` member in, its `result` (or error) out. */
export type MethodHandler = (ctx: RpcContext, params: unknown) => Outcome<JsonOut>

/** A JSON-RPC error member as the node writes it: `data` is left out when there is none. */
type RpcErrorObject = Readonly<{ code: number; message: string; data?: JsonOut | undefined }>

/** What a step of request handling produced: a value, or the error the node answers with. */
export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: RpcErrorObject }

/**
 * A successful step.
 */
export function ok<T>(value: T): Outcome<T> {
  return { ok: true, value }
}

/**
 * A failed step: the error the node answers with (`data` left out when undefined).
 */
export function rpcError(
  code: number,
  message: string,
  data?: JsonOut,
): { ok: false; error: RpcErrorObject } {
  return { ok: false, error: data === undefined ? { code, message } : { code, message, data } }
}

/**
 * -32602 with the given message: the node's `Error::invalid_params`.
 */
export function invalidParams(message: string): { ok: false; error: RpcErrorObject } {
  return rpcError(-32602, message)
}

/** Encodings the node accepts for a transaction, `binary` (legacy base58) included. */
export type WireEncoding = 'json' | 'jsonParsed' | 'base58' | 'base64' | 'binary'

/** The `parsed` member of a parsed instruction: `{type, info}` (a memo's is a plain string). */
export type ParsedInstructionBody = Readonly<{ type: string; info: { [key: string]: JsonOut } }>

/**
 * A program's instruction parser: data plus the instruction's account keys (at least one, all
 * resolved). Returns undefined where the node's parser fails (the instruction then falls back
 * to the unparsed form).
 */
export type InstructionParser = (
  data: Uint8Array,
  accounts: readonly string[],
) => ParsedInstructionBody | undefined
