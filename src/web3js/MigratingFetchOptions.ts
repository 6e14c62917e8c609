/** Options of {@link createMigratingFetch}. */
export type MigratingFetchOptions = Readonly<{
  /**
   * The `fetch` that sends every request. Requests other than the deprecated methods reach it
   * exactly as the caller made them (same arguments), and their response is returned as it is.
   * @default cross-fetch's `fetch` in Node (node-fetch), as `createHttpTransport` uses; the
   * platform's `fetch` in the browser build
   */
  fetch?: ((input: string | URL | Request, init?: RequestInit) => Promise<Response>) | undefined
  /**
   * When `getConfirmedTransaction` and `getConfirmedSignaturesForAddress2` calls are rewritten to
   * `getTransaction` and `getSignaturesForAddress`.
   * - `'auto'`: the first deprecated call to an origin goes out as it is. If the node answers it
   *   with -32601 (nodes from 2.0 on), that call is sent again as the replacement, and every later
   *   one to that origin is rewritten before it is sent. Calls made while that first call is in
   *   flight wait for its outcome, so an origin costs one failed call at most.
   * - `'replacement'`: every deprecated call is rewritten before it is sent. For nodes from 2.0 on,
   *   and for code that must never send a deprecated method.
   * @default 'auto'
   */
  methods?: 'auto' | 'replacement' | undefined
}>
