import { METHOD_NOT_FOUND } from '../errors/JsonRpcErrorCode'
import { isPlainObject } from '../json/isPlainObject'
import { deprecatedMethodOf } from './deprecatedMethodOf'
import { matchRequests } from './matchRequests'
import type { ExactJson } from './parseExactJson'
import type { DeprecatedCall } from './readDeprecatedCall'
import { readExactJson } from './readExactJson'

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
