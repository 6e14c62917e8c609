import { copyResponse } from './copyResponse'
import type { RefusedRequests } from './findRefusedRequests'
import { matchRequests } from './matchRequests'
import type { DeprecatedCall } from './readDeprecatedCall'
import { readExactJson } from './readExactJson'
import { respondWithText } from './respondWithText'
import { toDeprecatedAnswers } from './toDeprecatedAnswers'
import { toReplacementBody } from './toReplacementBody'

/**
 * Answers a batch whose deprecated requests the node refused with -32601: only those are sent
 * again, as their replacements, and their answers take the place of the refusals. The rest of the
 * batch was answered already, and sending it twice could repeat what it did (`sendTransaction`,
 * `requestAirdrop`). When the second request fails as a whole (a 429, a 5xx, a body that is not
 * a batch answer), its response is returned: the caller's retry then goes out rewritten.
 * @internal
 */
export async function retryRefusedRequests(
  call: DeprecatedCall,
  refused: RefusedRequests,
  first: Response,
  send: (body: string) => Promise<Response>,
): Promise<Response> {
  const retry: DeprecatedCall = { json: call.json, items: refused.requests, batch: true }
  const response = await send(toReplacementBody(retry))
  if (!response.ok) return response
  const bytes = await response.arrayBuffer()
  const second = readExactJson(bytes)
  if (second === undefined || !Array.isArray(second.value)) return copyResponse(bytes, response)
  const retried = toDeprecatedAnswers(retry, second.value) as readonly unknown[]
  const retriedAt = new Map<unknown, number>()
  matchRequests(retry.items, retried).forEach((request, index) => {
    if (request !== undefined) retriedAt.set(request, index)
  })
  const answers = refused.answer.value as readonly unknown[]
  const parts = matchRequests(call.items, answers).map((request, index) => {
    const at = retriedAt.get(request)
    return at === undefined
      ? refused.answer.stringify(answers[index])
      : second.stringify(retried[at])
  })
  return respondWithText(`[${parts.join(',')}]`, first)
}
