/**
 * The caller's `init` with another body: same method, headers, signal and the rest. A
 * `content-length` the caller set is dropped, since it measured the old body.
 * @internal
 */
export function withBody(init: RequestInit, body: string): RequestInit {
  const headers = new Headers(init.headers)
  if (!headers.has('content-length')) return { ...init, body }
  headers.delete('content-length')
  return { ...init, headers, body }
}
