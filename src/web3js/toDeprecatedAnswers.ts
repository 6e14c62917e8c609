import { isPlainObject } from '../json/isPlainObject'
import { toDeprecatedResult } from '../migrate/toDeprecatedResult'
import { deprecatedMethodOf } from './deprecatedMethodOf'
import { matchRequests } from './matchRequests'
import type { DeprecatedCall } from './readDeprecatedCall'

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
