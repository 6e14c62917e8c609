import { createRequire } from 'node:module'
// msw is an optional peer dependency: without it these types are `any`, and nothing fails to
// compile. The declaration bundler drops this comment; scripts/markOptionalPeerTypes.ts puts it
// back on the import in the emitted declarations.
// biome-ignore lint/suspicious/noTsIgnore: @ts-expect-error would fail where msw is installed
// @ts-ignore
import type { HttpResponse as MswHttpResponse, http as mswHttp, RequestHandler } from 'msw'
import type { MockLedger } from './createMockLedger'
import { CORS_HEADERS } from './serveMockLedger'

/** The two msw exports the handlers are built with. */
export type MswExports = Readonly<{ http: typeof mswHttp; HttpResponse: typeof MswHttpResponse }>

/** Options of {@link mockLedgerHandlers}. */
export type MockLedgerHandlersOptions = Readonly<{
  /**
   * The endpoint to answer, as msw matches it: an absolute URL such as
   * `https://rpc.example.test/`, a path, or a pattern with wildcards.
   */
  url: string
  /**
   * msw's `http` and `HttpResponse`, for runtimes where Node's `require` cannot load msw (a
   * browser bundle with `setupWorker`): `import * as msw from 'msw'` and pass `msw`.
   * @default msw as Node's `require` finds it from this package, loaded on the first call
   */
  msw?: MswExports | undefined
}>

let loaded: MswExports | undefined

/**
 * msw is loaded when handlers are first asked for, not when `confirmed-rpc/testing` is imported,
 * so the mock ledger and its HTTP server work without msw installed. `require` reads msw's CommonJS
 * build synchronously, so this function can stay synchronous.
 */
function loadMsw(): MswExports {
  if (loaded !== undefined) return loaded
  try {
    loaded = createRequire(import.meta.url)('msw') as MswExports
  } catch (cause) {
    throw new Error(
      'mockLedgerHandlers needs msw, an optional peer dependency of confirmed-rpc: install it (npm install --save-dev msw), or pass its exports as the `msw` option.',
      { cause },
    )
  }
  return loaded
}

/**
 * msw request handlers that answer JSON-RPC POSTs to `url` from the mock ledger (the same
 * `handleText` as `serveMockLedger`, so results are identical), and CORS preflights with 204.
 * Use them with `setupServer` (Node) or `setupWorker` (browser, with the `msw` option). msw is an
 * optional peer dependency, loaded on the first call; without it this throws, naming it.
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
  const { http, HttpResponse } = options.msw ?? loadMsw()
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
