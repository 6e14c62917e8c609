/**
 * Failures a real endpoint shows, which `serveMockLedger` can inject:
 * - `rateLimit`: HTTP 429 with `Retry-After` (seconds, or sometimes an HTTP date).
 * - `serverError`: HTTP 502 or 503 with an HTML page, as from a proxy.
 * - `connectionReset`: the socket is destroyed without an answer.
 * - `truncatedBody`: HTTP 200 with the first half of the JSON answer, then the end.
 * - `latency`: the right answer, `latencyMs` late.
 * - `staleNode`: the answer of a node `staleSlots` behind (newer transactions missing; an
 *   unknown cursor is `[]` or -32020 depending on the profile), as behind a load balancer.
 * - `batchRejection`: a batch body gets HTTP 400 with a JSON-RPC error.
 */
export type MockLedgerFaultKind =
  | 'rateLimit'
  | 'serverError'
  | 'connectionReset'
  | 'truncatedBody'
  | 'latency'
  | 'staleNode'
  | 'batchRejection'
