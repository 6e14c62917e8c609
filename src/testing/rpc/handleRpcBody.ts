import { isPlainObject } from '../../json/parseJson'
import { archiveError, findArchiveRefusal } from './ArchiveDialect'
import type { RpcContext } from './createRpcContext'
import { methodsFor } from './methodsFor'
import { type JsonOut, writeJson } from './writeJson'

const REQUEST_KEYS: ReadonlySet<string> = new Set(['jsonrpc', 'method', 'params', 'id'])

/**
 * The answer to a body the node cannot read as JSON-RPC at all.
 */
const PARSE_ERROR_RESPONSE: JsonOut = {
  jsonrpc: '2.0',
  error: { code: -32700, message: 'Parse error' },
  id: null,
}

type Id = string | number | null

function invalidRequest(id: Id): JsonOut {
  return { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id }
}

/** A request id the node accepts: null, a string, or an unsigned integer. */
function isValidId(id: unknown): id is Id {
  return (
    id === null ||
    typeof id === 'string' ||
    (typeof id === 'number' && Number.isInteger(id) && id >= 0)
  )
}

/** Whether the node's request reader fails on this call outright (the whole body is then -32700). */
function breaksParsing(call: unknown): boolean {
  if (Array.isArray(call)) return false
  if (!isPlainObject(call)) return true
  return Object.hasOwn(call, 'id') && !isValidId(call.id)
}

function isWellFormed(call: Readonly<Record<string, unknown>>): boolean {
  const { jsonrpc, method, params } = call
  return (
    Object.keys(call).every((key) => REQUEST_KEYS.has(key)) &&
    typeof method === 'string' &&
    (jsonrpc === undefined || jsonrpc === null || jsonrpc === '2.0') &&
    (params === undefined || params === null || typeof params === 'object')
  )
}

/** One call of a request or batch; undefined for a notification (no `id`), which gets no answer. */
function handleCall(ctx: RpcContext, call: unknown): JsonOut | undefined {
  if (!isPlainObject(call)) return invalidRequest(null)
  const hasId = Object.hasOwn(call, 'id')
  const id = hasId ? (call.id as Id) : null
  if (!isWellFormed(call)) return invalidRequest(id)
  if (!hasId) return undefined
  if (call.jsonrpc !== '2.0' && ctx.rules.archive?.ignoresJsonrpcVersion !== true) {
    // The node echoes the request's (missing) version: the answer has no `jsonrpc` member.
    return { error: { code: -32600, message: 'Unsupported JSON-RPC protocol version' }, id }
  }
  const handler = methodsFor(ctx.rules).get(call.method as string)
  if (handler === undefined) {
    const message = ctx.rules.archive?.namesUnknownMethod
      ? `Method not found: ${call.method as string}`
      : 'Method not found'
    return { jsonrpc: '2.0', error: { code: -32601, message }, id }
  }
  const outcome = handler(ctx, call.params)
  return outcome.ok
    ? { jsonrpc: '2.0', result: outcome.value, id }
    : { jsonrpc: '2.0', error: outcome.error, id }
}

/**
 * Answers a parsed JSON-RPC body the way the node's JSON-RPC layer does: a request object gets a
 * response object, a batch an array of responses (notifications left out), `[]` a single
 * -32600. Returns undefined when nothing is to be sent back (notifications only). A body the
 * node cannot read as requests at all (a bare number, a batch holding one, a bad `id`) is -32700,
 * and so is any batch on an archive that takes one request per body.
 */
export function handleRpcBody(ctx: RpcContext, body: unknown): JsonOut | undefined {
  if (Array.isArray(body) && ctx.rules.archive?.refusesBatches === true) {
    return archiveError(-32700, 'Parse error')
  }
  if (Array.isArray(body)) {
    if (body.length === 0) return invalidRequest(null)
    if (body.some(breaksParsing)) return PARSE_ERROR_RESPONSE
    const responses = body
      .map((call) => handleCall(ctx, call))
      .filter((response) => response !== undefined)
    return responses.length === 0 ? undefined : responses
  }
  if (breaksParsing(body)) return PARSE_ERROR_RESPONSE
  return handleCall(ctx, body)
}

/**
 * Answers a request body given as text: -32700 when it is not JSON, otherwise as
 * `handleRpcBody`. Returns `''` when there is nothing to send back (notifications only). An
 * archive profile refuses a body it will not read first (see `findArchiveRefusal`).
 */
export function handleRpcText(ctx: RpcContext, text: string): string {
  const refusal =
    ctx.rules.archive === undefined ? undefined : findArchiveRefusal(ctx.rules.archive, text)
  if (refusal !== undefined) return writeJson(refusal.body)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return writeJson(PARSE_ERROR_RESPONSE)
  }
  const response = handleRpcBody(ctx, body)
  return response === undefined ? '' : writeJson(response)
}
