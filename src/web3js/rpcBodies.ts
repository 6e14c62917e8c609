import { METHOD_NOT_FOUND } from '../errors/JsonRpcErrorCode'
import { type ExactJson, isPlainObject, parseExactJson, readExactJson } from '../json/parseJson'
import {
  type DeprecatedMethod,
  isDeprecatedMethod,
  REPLACEMENT_OF,
  toDeprecatedResult,
  toReplacementRequest,
} from '../migrate/mappings'

/** The deprecated method a JSON-RPC request object calls, if it calls one. @internal */
function deprecatedMethodOf(request: unknown): DeprecatedMethod | undefined {
  if (!isPlainObject(request) || typeof request.method !== 'string') return undefined
  return isDeprecatedMethod(request.method) ? request.method : undefined
}

/** A JSON-RPC request body that calls a deprecated method at least once. @internal */
export type DeprecatedCall = Readonly<{
  /** The body as parsed, and its exact way back to text. */
  json: ExactJson
  /** The request objects: the one of a single request, or the batch's. */
  items: readonly unknown[]
  batch: boolean
}>

const NAMES = /* @__PURE__ */ Object.keys(REPLACEMENT_OF)

/**
 * The deprecated call in a `fetch`'s request, or undefined when there is none: not a POST, a body
 * that is not a string (a stream, bytes, a `Request` as `input`, which cannot be read without
 * being consumed), not JSON, or no request in it names a deprecated method. Bodies that do not
 * even contain a deprecated method's name are not parsed.
 * @internal
 */
export function readDeprecatedCall(init: RequestInit | undefined): DeprecatedCall | undefined {
  const body = init?.body
  if (typeof body !== 'string' || init?.method?.toUpperCase() !== 'POST') return undefined
  if (!NAMES.some((name) => body.includes(name))) return undefined
  let json: ExactJson
  try {
    json = parseExactJson(body)
  } catch {
    return undefined
  }
  const batch = Array.isArray(json.value)
  const items: readonly unknown[] = batch ? (json.value as unknown[]) : [json.value]
  return items.some((item) => deprecatedMethodOf(item) !== undefined)
    ? { json, items, batch }
    : undefined
}

const keyOf = (id: unknown): string => JSON.stringify(id ?? null)

/**
 * For each answer of a batch, the request object it answers, or undefined. Answers are matched by
 * `id`, not by position: JSON-RPC lets a server answer a batch in any order. Requests that share
 * an id are matched in order; notifications (no `id`) get no answer.
 * @internal
 */
export function matchRequests(
  requests: readonly unknown[],
  answers: readonly unknown[],
): (unknown | undefined)[] {
  const waiting = new Map<string, unknown[]>()
  for (const request of requests) {
    if (!isPlainObject(request) || !Object.hasOwn(request, 'id')) continue
    const key = keyOf(request.id)
    const queue = waiting.get(key)
    if (queue === undefined) waiting.set(key, [request])
    else queue.push(request)
  }
  return answers.map((answer) =>
    isPlainObject(answer) ? waiting.get(keyOf(answer.id))?.shift() : undefined,
  )
}

/**
 * The request body of `call` with each deprecated request replaced by its replacement (same
 * `jsonrpc` and `id`, params as `toReplacementRequest` maps them), every other request as it
 * was, and integers above 2^53-1 as exact as they came.
 * @internal
 */
export function toReplacementBody(call: DeprecatedCall): string {
  const items = call.items.map(toReplacementItem)
  return call.json.stringify(call.batch ? items : items[0])
}

function toReplacementItem(item: unknown): unknown {
  const method = deprecatedMethodOf(item)
  if (method === undefined || !isPlainObject(item)) return item
  // Params that are not a list are wrong under either name; the node says so in its answer.
  if (!Array.isArray(item.params)) return { ...item, method: REPLACEMENT_OF[method] }
  const { params } = toReplacementRequest({ method, params: item.params })
  return { ...item, method: REPLACEMENT_OF[method], params }
}

/** The deprecated requests of a call that the node answered with -32601, and its answer. @internal */
export type RefusedRequests = Readonly<{
  /** The answer to the call as it was sent, parsed. */
  answer: ExactJson
  /** The refused request objects, as found in `call.items`. */
  requests: readonly unknown[]
}>

/**
 * Reads the answer to `call` sent as it is, for the node's -32601 to its deprecated requests.
 * Undefined when there is none: most answers are told apart without being parsed.
 * @internal
 */
export function findRefusedRequests(
  call: DeprecatedCall,
  bytes: ArrayBuffer,
): RefusedRequests | undefined {
  const text = new TextDecoder().decode(bytes)
  if (!text.includes(String(METHOD_NOT_FOUND))) return undefined
  const answer = readExactJson(text)
  if (answer === undefined) return undefined
  // A batch answered by one object (-32600, -32700) was refused whole, not method by method.
  if (call.batch && !Array.isArray(answer.value)) return undefined
  const answers: readonly unknown[] = call.batch ? (answer.value as unknown[]) : [answer.value]
  const matched = call.batch ? matchRequests(call.items, answers) : call.items
  const requests = matched.filter(
    (request, index) =>
      deprecatedMethodOf(request) !== undefined && isMethodNotFound(answers[index]),
  )
  return requests.length === 0 ? undefined : { answer, requests }
}

function isMethodNotFound(answer: unknown): boolean {
  return (
    isPlainObject(answer) && isPlainObject(answer.error) && answer.error.code === METHOD_NOT_FOUND
  )
}

/**
 * The response body (`answer`, parsed) to `call` sent as its replacements, with the result of each
 * deprecated request in the deprecated shape (`toDeprecatedResult`). Errors, other requests'
 * answers, ids and order stay as they are.
 * @internal
 */
export function toDeprecatedAnswers(call: DeprecatedCall, answer: unknown): unknown {
  if (!call.batch) return toDeprecatedAnswer(call.items[0], answer)
  if (!Array.isArray(answer)) return answer
  const requests = matchRequests(call.items, answer)
  return answer.map((item, index) => toDeprecatedAnswer(requests[index], item))
}

function toDeprecatedAnswer(request: unknown, answer: unknown): unknown {
  const method = deprecatedMethodOf(request)
  if (method === undefined || !isPlainObject(answer) || !Object.hasOwn(answer, 'result')) {
    return answer
  }
  return { ...answer, result: toDeprecatedResult(method, answer.result) }
}
