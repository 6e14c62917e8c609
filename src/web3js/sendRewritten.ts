import { copyResponse } from './copyResponse'
import type { DeprecatedCall } from './readDeprecatedCall'
import { readExactJson } from './readExactJson'
import { respondWithText } from './respondWithText'
import { toDeprecatedAnswers } from './toDeprecatedAnswers'
import { toReplacementBody } from './toReplacementBody'

/**
 * Sends `call` as its replacements (through `send`, which sends a body the way the caller's
 * request was sent) and answers in the deprecated shape. A response that is not a 2xx JSON
 * body holds no result to map and is returned as it came (a 429 keeps its `Retry-After`).
 * @internal
 */
export async function sendRewritten(
  call: DeprecatedCall,
  send: (body: string) => Promise<Response>,
): Promise<Response> {
  const response = await send(toReplacementBody(call))
  if (!response.ok) return response
  const bytes = await response.arrayBuffer()
  const answer = readExactJson(bytes)
  if (answer === undefined) return copyResponse(bytes, response)
  return respondWithText(answer.stringify(toDeprecatedAnswers(call, answer.value)), response)
}
