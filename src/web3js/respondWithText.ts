/**
 * A response with the status and headers of `response` and another body: the answer mapped back
 * to the deprecated shape. `content-length` and `content-encoding` described the node's bytes, not
 * these.
 * @internal
 */
export function respondWithText(text: string, response: Response): Response {
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.delete('content-encoding')
  return new Response(text, { status: response.status, statusText: response.statusText, headers })
}
