/**
 * A response with the status, headers and exact bytes of one whose body was read (to look for
 * -32601), for the caller to read as if it had not been.
 * @internal
 */
export function copyResponse(bytes: ArrayBuffer, response: Response): Response {
  return new Response(bytes.byteLength === 0 ? null : bytes, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}
