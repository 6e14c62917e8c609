import { HttpResponse, http, type RequestHandler } from 'msw'
import { CORS_HEADERS } from './corsHeaders'
import type { MockLedger } from './createMockLedger'

/** Options of {@link mockLedgerHandlers}. */
export type MockLedgerHandlersOptions = Readonly<{
  /**
   * The endpoint to answer, as msw matches it: an absolute URL such as
   * `https://rpc.example.test/`, a path, or a pattern with wildcards.
   */
  url: string
}>

/**
 * msw request handlers that answer JSON-RPC POSTs to `url` from the mock ledger (the same
 * `handleText` as `serveMockLedger`, so results are identical), and CORS preflights with 204.
 * Use them with `setupServer` (Node) or `setupWorker` (browser).
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node'
 * import { createClient } from 'confirmed-rpc'
 * import { createMockLedger, mockLedgerHandlers } from 'confirmed-rpc/testing'
 *
 * const url = 'https://rpc.example.test/'
 * const server = setupServer(...mockLedgerHandlers(createMockLedger({ seed: 2 }), { url }))
 * server.listen({ onUnhandledRequest: 'error' })
 * const client = createClient({ url })
 * ```
 */
export function mockLedgerHandlers(
  ledger: MockLedger,
  options: MockLedgerHandlersOptions,
): RequestHandler[] {
  const { url } = options
  return [
    http.post(url, async ({ request }) => {
      const body = ledger.handleText(await request.text())
      return new HttpResponse(body, {
        status: 200,
        headers: { ...CORS_HEADERS, 'content-type': 'application/json' },
      })
    }),
    http.options(url, () => new HttpResponse(null, { status: 204, headers: CORS_HEADERS })),
  ]
}
