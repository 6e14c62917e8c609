import { readExactJson } from '../json/parseJson'
import {
  createMethodRoute,
  type MethodRoute,
  type MethodRouteState,
} from '../migrate/withMethodPolicy'
import {
  type FieldReader,
  type FieldReaders,
  type Fields,
  field,
  isFunction,
  oneOf,
  readFields,
  throwInvalidParam,
} from '../params/readFields'
import { defaultFetch } from '../transport/defaultFetch'
import {
  type DeprecatedCall,
  findRefusedRequests,
  matchRequests,
  type RefusedRequests,
  readDeprecatedCall,
  toDeprecatedAnswers,
  toReplacementBody,
} from './rpcBodies'

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
   * - `'deprecated-first'`: the first deprecated call to an origin goes out as it is. If the node
   *   answers it with -32601 (nodes from 2.0 on), that call is sent again as the replacement, and
   *   every later one to that origin is rewritten before it is sent. Calls made while that first
   *   call is in flight wait for its outcome, so an origin costs one failed call at most.
   * - `'replacement'`: every deprecated call is rewritten before it is sent. For nodes from 2.0 on,
   *   and for code that must never send a deprecated method.
   *
   * (Not `'auto'`, which `createClient` reads the other way round: replacement first.)
   * @default 'deprecated-first'
   */
  methods?: 'deprecated-first' | 'replacement' | undefined
}>

type MigratingMethods = NonNullable<MigratingFetchOptions['methods']>

const CALLER = 'createMigratingFetch'

const METHODS = /* @__PURE__ */ oneOf<MigratingMethods, 'deprecated-first'>(
  ['deprecated-first', 'replacement'],
  'deprecated-first',
)

// The options of createMigratingFetch, each with its check and default. 'auto' (the former name
// of 'deprecated-first') is refused with the new name: under createClient the same word sends
// the replacement first, so a caller reading it could not tell which way this one goes.
const MIGRATING_FETCH_FIELDS = {
  // cross-fetch (node-fetch) also takes a URL object; a `Request` it does not know is for the
  // caller's own `fetch` option.
  fetch: /* @__PURE__ */ field<NonNullable<MigratingFetchOptions['fetch']>>(
    isFunction,
    'a function',
    defaultFetch as NonNullable<MigratingFetchOptions['fetch']>,
  ),
  methods: ((value, method, param) =>
    value === 'auto'
      ? throwInvalidParam(
          method,
          param,
          "'auto' is now 'deprecated-first' (it sends each origin's first deprecated call as it is)",
        )
      : METHODS(value, method, param)) as FieldReader<MigratingMethods>,
} satisfies FieldReaders<MigratingFetchOptions>

/** {@link MigratingFetchOptions}, checked, with their defaults. @internal */
type ResolvedMigratingFetchOptions = Fields<typeof MIGRATING_FETCH_FIELDS>

/** Checks the options of `createMigratingFetch` once, before any request. @internal */
function readMigratingFetchOptions(options: unknown): ResolvedMigratingFetchOptions {
  return readFields(options, MIGRATING_FETCH_FIELDS, CALLER, 'options', '')
}

/**
 * Returns a `fetch` that keeps `getConfirmedTransaction` and `getConfirmedSignaturesForAddress2`
 * working on nodes that removed them (2.0 on), for code that is not yours to change: give it to
 * web3.js v1 (`new Connection(url, { fetch })`, whose `getConfirmedSignaturesForAddress2` fails
 * on such nodes) or to any JSON-RPC client that takes a `fetch`.
 *
 * It reads POST bodies given as a string, single requests and batches. A deprecated request is
 * sent as its replacement (`getTransaction`, `getSignaturesForAddress`, params mapped as
 * `toReplacementRequest` does) to an origin known to lack it, and the result is mapped back to the
 * deprecated shape (`toDeprecatedResult`), with the same ids and order; integers above 2^53-1
 * keep their exact digits. Under `methods: 'deprecated-first'` an origin is known to lack the methods once it
 * answered one with -32601: that call is sent again as the replacement (in a batch, only its
 * deprecated requests are), and calls made meanwhile wait for that one probe. A deprecated call
 * the node answers comes back with the node's status, headers and exact bytes. Every other
 * request is sent exactly as it was made, and its response returned as it is. JSON-RPC errors stay
 * in the response, as the node sent them; only the underlying `fetch` throws.
 *
 * What the returned `fetch` knows about each origin lives in it: create one and share it.
 *
 * @see docs/migration.md
 * @example
 * ```ts
 * import { Connection, PublicKey } from '@solana/web3.js'
 * import { createMigratingFetch } from 'confirmed-rpc/web3js'
 *
 * const connection = new Connection('https://rpc.example.com', { fetch: createMigratingFetch() })
 * // Sent as getConfirmedSignaturesForAddress2; on a node from 2.0 on, once that fails, as
 * // getSignaturesForAddress, with the answer in the deprecated shape.
 * const page = await connection.getConfirmedSignaturesForAddress2(
 *   new PublicKey('Vote111111111111111111111111111111111111111'),
 *   { limit: 10 },
 * )
 * console.log(page.map((entry) => entry.signature))
 * ```
 */
export function createMigratingFetch(
  options?: MigratingFetchOptions | undefined,
): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const { fetch, methods } = readMigratingFetchOptions(options)
  // What each origin is known to do with the deprecated methods: the method policy's state
  // machine, one per origin.
  const routes = new Map<string, MethodRoute>()
  const routeOf = (input: string | URL | Request): MethodRoute => {
    const origin = originOf(input)
    let route = routes.get(origin)
    if (route === undefined) {
      route = createMethodRoute()
      routes.set(origin, route)
    }
    return route
  }
  return async (...args) => {
    const [input, init] = args
    const call = readDeprecatedCall(init)
    if (call === undefined || init === undefined) return fetch(...args)
    const send = {
      asIs: () => fetch(...args),
      withBody: (body: string) => fetch(input, withBody(init, body)),
    }
    if (methods === 'replacement') return sendRewritten(call, send.withBody)
    // Waits like `fetch` would: an abort rejects with the signal's reason.
    const ticket = await routeOf(input).enter(init.signal, (reason) => reason)
    if (ticket.fallback) return sendRewritten(call, send.withBody)
    return sendProbe(call, send, ticket.leave)
  }
}

/**
 * The key a `fetch` input's node is known by: its URL's origin. Paths and queries (API keys) do
 * not count, so one probe covers every path of a provider. An input that is not an absolute URL
 * (a relative path in a browser) is its own key.
 * @internal
 */
function originOf(input: string | URL | Request): string {
  const url = typeof input === 'string' ? input : 'href' in input ? input.href : input.url
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}

/**
 * The caller's `init` with another body: same method, headers, signal and the rest. A
 * `content-length` the caller set is dropped, since it measured the old body.
 * @internal
 */
function withBody(init: RequestInit, body: string): RequestInit {
  const headers = new Headers(init.headers)
  if (!headers.has('content-length')) return { ...init, body }
  headers.delete('content-length')
  return { ...init, headers, body }
}

/** How {@link sendProbe} sends: the caller's request as it is, or with another body. @internal */
type ProbeSenders = Readonly<{
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
async function sendProbe(
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

/**
 * Sends `call` as its replacements (through `send`, which sends a body the way the caller's
 * request was sent) and answers in the deprecated shape. A response that is not a 2xx JSON
 * body holds no result to map and is returned as it came (a 429 keeps its `Retry-After`).
 * @internal
 */
async function sendRewritten(
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

/**
 * Answers a batch whose deprecated requests the node refused with -32601: only those are sent
 * again, as their replacements, and their answers take the place of the refusals. The rest of the
 * batch was answered already, and sending it twice could repeat what it did (`sendTransaction`,
 * `requestAirdrop`). When the second request fails as a whole (a 429, a 5xx, a body that is not
 * a batch answer), its response is returned: the caller's retry then goes out rewritten.
 * @internal
 */
async function retryRefusedRequests(
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

/**
 * A response with the status, headers and exact bytes of one whose body was read (to look for
 * -32601), for the caller to read as if it had not been.
 * @internal
 */
function copyResponse(bytes: ArrayBuffer, response: Response): Response {
  return new Response(bytes.byteLength === 0 ? null : bytes, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}

/**
 * A response with the status and headers of `response` and another body: the answer mapped back
 * to the deprecated shape. `content-length` and `content-encoding` described the node's bytes, not
 * these.
 * @internal
 */
function respondWithText(text: string, response: Response): Response {
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.delete('content-encoding')
  return new Response(text, { status: response.status, statusText: response.statusText, headers })
}
