import type { MethodRouteState } from '../migrate/createMethodRoute'
import { copyResponse } from './copyResponse'
import { findRefusedRequests, type RefusedRequests } from './findRefusedRequests'
import type { DeprecatedCall } from './readDeprecatedCall'
import { retryRefusedRequests } from './retryRefusedRequests'
import { sendRewritten } from './sendRewritten'

/** How {@link sendProbe} sends: the caller's request as it is, or with another body. @internal */
export type ProbeSenders = Readonly<{
  asIs: () => Promise<Response>
  withBody: (body: string) => Promise<Response>
}>

/**
 * Sends a deprecated call as it is, to a node not known to lack the methods, and tells `leave`
 * what the answer showed as soon as it is read, so that calls waiting on the probe go on while
 * this one is sent again. A -32601 to its deprecated requests is answered by their replacements;
 * any other answer is returned with its exact bytes. A 429 or a 5xx tells nothing about the
 * node's methods and is returned as it came.
 * @internal
 */
export async function sendProbe(
  call: DeprecatedCall,
  send: ProbeSenders,
  leave: (verdict: MethodRouteState) => void,
): Promise<Response> {
  let verdict: MethodRouteState = 'unknown'
  let response: Response
  let bytes: ArrayBuffer
  let refused: RefusedRequests | undefined
  try {
    response = await send.asIs()
    if (response.status === 429 || response.status >= 500) return response
    bytes = await response.arrayBuffer()
    refused = findRefusedRequests(call, bytes)
    if (refused !== undefined) verdict = 'absent'
    else if (response.ok && bytes.byteLength > 0) verdict = 'present'
  } finally {
    leave(verdict)
  }
  if (refused === undefined) return copyResponse(bytes, response)
  if (!call.batch) return sendRewritten(call, send.withBody)
  return retryRefusedRequests(call, refused, response, send.withBody)
}
