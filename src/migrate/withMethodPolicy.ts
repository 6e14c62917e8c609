import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { checkInteger } from '../params/checkConfigFields'
import { invalidParam } from '../shared/invalidParam'
import type { RpcRequest, RpcTransport, RpcTransportOptions } from '../transport/RpcTransport'
import { describeEndpoint } from '../transport/transportEndpoint'
import { createMethodRoute } from './createMethodRoute'
import { isMethodNotFound } from './isMethodNotFound'
import { isDeprecatedMethod, isReplacementMethod, REPLACEMENT_OF } from './methodPairs'
import { readMaxSupportedTransactionVersion } from './readMaxSupportedTransactionVersion'
import { toDeprecatedRequest } from './toDeprecatedRequest'
import { toDeprecatedResult } from './toDeprecatedResult'
import { toReplacementRequest } from './toReplacementRequest'
import { toReplacementResult } from './toReplacementResult'
import { warnDeprecatedMethod } from './warnDeprecatedMethod'
import { withDefaultVersion } from './withDefaultVersion'

/** Which method names go on the wire: see the `methods` field of {@link MethodPolicyOptions}. */
export type MethodsPolicy = 'auto' | 'deprecated' | 'replacement'

/** Options of {@link withMethodPolicy}; `createClient` takes the first two under the same names. */
export type MethodPolicyOptions = Readonly<{
  /**
   * Which methods are sent for the two deprecated calls and their replacements.
   * - `'auto'`: every call is sent under its own name first. When the node answers a deprecated
   *   method with -32601 (nodes from 2.0 on), this transport sends the replacement from then on,
   *   and maps the result back to the deprecated shape. When it answers a replacement with -32601
   *   (nodes before 1.7), the reverse. Each direction costs at most one failed call per wrapper,
   *   however many calls run at once.
   * - `'replacement'`: deprecated calls are always mapped to their replacement. For nodes from
   *   2.0 on, and for code that must never send a deprecated method.
   * - `'deprecated'`: replacement calls are always mapped to the deprecated method, losing
   *   `maxSupportedTransactionVersion` and `minContextSlot`. Only for nodes before 1.7.
   * @default 'auto'
   */
  methods?: MethodsPolicy | undefined
  /**
   * Emit a notice (once per method per process) when a deprecated method is answered by the node:
   * `process.emitWarning` with code `CONFIRMED_RPC_DEPRECATED_METHOD` in Node, `console.warn`
   * elsewhere. Not emitted when the call went out as the replacement.
   * @default true
   */
  deprecationWarnings?: boolean | undefined
  /**
   * The highest transaction version the caller reads (0..255), for every transaction lookup
   * through this transport: `getTransaction` requests that do not set their own get it, and
   * `getConfirmedTransaction` requests are sent as `getTransaction` with it, even on a node that
   * still has the deprecated method (which cannot return versioned transactions). Results then
   * carry `version`. Ignored under `methods: 'deprecated'`.
   * @default undefined (legacy transactions only: a v0 one is refused with -32015, as by the node)
   */
  maxSupportedTransactionVersion?: number | undefined
}>

const CALLER = 'withMethodPolicy'

/**
 * Wraps a transport so that the deprecated methods keep working on nodes that removed them, and
 * the replacements on nodes that predate them. Requests of `getConfirmedTransaction`,
 * `getConfirmedSignaturesForAddress2`, `getTransaction` and `getSignaturesForAddress` are routed
 * by `options.methods`, mapped with `toReplacementRequest` / `toDeprecatedRequest`, and their
 * results mapped back with `toDeprecatedResult` / `toReplacementResult`, so each caller gets the
 * shape of the method it called. Every other request passes through untouched.
 *
 * State (what the node has) lives in the returned transport: build one per endpoint. This is what
 * `createClient` does with its `methods` and `deprecationWarnings` options, so the methods, the
 * history pager and `client.request` all follow the same policy.
 *
 * @see docs/migration.md
 * @example
 * ```ts
 * import { createHttpTransport, withMethodPolicy } from 'confirmed-rpc'
 *
 * const transport = withMethodPolicy(createHttpTransport({ url: 'https://rpc.example.com' }), {
 *   methods: 'auto',
 *   deprecationWarnings: false,
 * })
 * // Sent as getConfirmedSignaturesForAddress2; on a 2.x node, once that fails, as
 * // getSignaturesForAddress, with the answer in the deprecated shape.
 * const page = await transport({
 *   method: 'getConfirmedSignaturesForAddress2',
 *   params: ['Vote111111111111111111111111111111111111111', { limit: 10 }],
 * })
 * ```
 */
export function withMethodPolicy(
  transport: RpcTransport,
  options?: MethodPolicyOptions | undefined,
): RpcTransport {
  if (typeof transport !== 'function')
    throw invalidParam(CALLER, 'transport', 'expected a function')
  const policy = options?.methods ?? 'auto'
  if (policy !== 'auto' && policy !== 'deprecated' && policy !== 'replacement') {
    throw invalidParam(
      CALLER,
      'methods',
      `expected 'auto', 'deprecated' or 'replacement', got ${String(policy)}`,
    )
  }
  const warnings = options?.deprecationWarnings ?? true
  if (typeof warnings !== 'boolean') {
    throw invalidParam(CALLER, 'deprecationWarnings', 'expected a boolean')
  }
  const version = checkInteger(
    options?.maxSupportedTransactionVersion,
    0,
    255,
    CALLER,
    'maxSupportedTransactionVersion',
  )
  const versionOption = { maxSupportedTransactionVersion: version }
  // One route per direction, shared by both methods of that direction: nodes drop (2.0) or gain
  // (1.7) the two together, so one failed probe settles the question for both.
  const deprecatedRoute = createMethodRoute()
  const replacementRoute = createMethodRoute()

  const sendDeprecated = async (
    request: RpcRequest,
    call?: RpcTransportOptions,
  ): Promise<unknown> => {
    try {
      const result = await transport(request, call)
      if (warnings && isDeprecatedMethod(request.method)) warnDeprecatedMethod(request.method)
      return result
    } catch (error) {
      // An error other than -32601 is still an answer of the deprecated method.
      const answered = isConfirmedRpcError(error, 'RPC_ERROR') && !isMethodNotFound(error)
      if (warnings && answered && isDeprecatedMethod(request.method)) {
        warnDeprecatedMethod(request.method)
      }
      throw error
    }
  }

  const viaReplacement = async (
    request: RpcRequest,
    call?: RpcTransportOptions,
  ): Promise<unknown> => {
    const result = await transport(toReplacementRequest(request, versionOption), call)
    return toDeprecatedResult(request.method, result, versionOption)
  }

  const viaDeprecated = async (
    request: RpcRequest,
    call?: RpcTransportOptions,
  ): Promise<unknown> => {
    const result = await transport(toDeprecatedRequest(request), call)
    return toReplacementResult(request.method, result, {
      maxSupportedTransactionVersion: readMaxSupportedTransactionVersion(request),
    })
  }

  const wrapped: RpcTransport = (request, call) => {
    const { method } = request
    const signal = call?.signal
    if (isDeprecatedMethod(method)) {
      if (policy === 'deprecated') return sendDeprecated(request, call)
      if (policy === 'replacement') return viaReplacement(request, call)
      if (version !== undefined && method === 'getConfirmedTransaction') {
        // Only the replacement can return what the caller opted into.
        return replacementRoute.run(
          () => viaReplacement(request, call),
          async () =>
            toReplacementResult(method, await sendDeprecated(request, call), versionOption),
          signal,
          REPLACEMENT_OF[method],
        )
      }
      return deprecatedRoute.run(
        () => sendDeprecated(request, call),
        () => viaReplacement(request, call),
        signal,
        method,
      )
    }
    if (isReplacementMethod(method)) {
      const sent =
        version !== undefined && method === 'getTransaction'
          ? withDefaultVersion(request, version)
          : request
      if (policy === 'replacement') return transport(sent, call)
      if (policy === 'deprecated') return viaDeprecated(sent, call)
      return replacementRoute.run(
        () => transport(sent, call),
        () => viaDeprecated(sent, call),
        signal,
        method,
      )
    }
    return transport(request, call)
  }
  return describeEndpoint(wrapped, transport)
}
