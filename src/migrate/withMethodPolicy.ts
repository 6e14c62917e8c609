import { invalidParam, isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import {
  booleanField,
  type FieldReaders,
  integerField,
  oneOf,
  readFields,
} from '../params/readFields'
import { abortedError, isMethodRefused } from '../transport/response'
import type { RpcRequest, RpcTransport, RpcTransportOptions } from '../transport/types'
import {
  type DeprecatedMethod,
  isDeprecatedMethod,
  isReplacementMethod,
  REPLACEMENT_OF,
  readMaxSupportedTransactionVersion,
  toDeprecatedRequest,
  toDeprecatedResult,
  toReplacementRequest,
  toReplacementResult,
  withDefaultVersion,
} from './mappings'

/** What a client knows about one method name on its node. */
export type MethodRouteState = 'unknown' | 'present' | 'absent'

/** A call's pass through a route's gate: which way it goes, and how it reports back. @internal */
type MethodRouteTicket = Readonly<{
  /** `true`: the node is known to lack the method; go the other way at once. */
  fallback: boolean
  /**
   * Reports what the call's answer showed, once, as soon as it is known: `'absent'` (refused),
   * `'present'` (answered, an error included), `'unknown'` (no answer: a transport failure).
   * Calls that wait on this one as the probe go on then.
   */
  leave: (verdict: MethodRouteState) => void
}>

/** @internal */
export type MethodRoute = Readonly<{
  /**
   * Lets a call through: at once when the state is known, as the probe when nothing is known and
   * no probe is out, else after the probe's verdict (`abort` makes the error a waiting call
   * rejects with when its signal fires).
   */
  enter: (
    signal: AbortSignal | null | undefined,
    abort: (reason: unknown) => unknown,
  ) => Promise<MethodRouteTicket>
  /**
   * Runs `primary` (the call under the method this route is about) unless the node is known to
   * lack the method, and `fallback` instead, or after `primary` was refused (see
   * `isMethodRefused`). While the state is unknown only one call at a time is sent as `primary`;
   * the others wait for its outcome, so a node that lacks the method sees one refused probe, not
   * one per concurrent call.
   */
  run: <T>(
    primary: () => Promise<T>,
    fallback: () => Promise<T>,
    signal: AbortSignal | undefined,
    method: string,
  ) => Promise<T>
}>

/**
 * The state of one method name on one node, with the probe in flight: the one state machine of
 * the method policy (`withMethodPolicy`, which throws to report a refusal) and of the migrating
 * fetch (`createMigratingFetch`, whose refusals arrive inside responses, so it reports through the
 * ticket). A refusal also after `'present'`: a node behind a load balancer may be replaced under
 * the client.
 * @internal
 */
export function createMethodRoute(): MethodRoute {
  let state: MethodRouteState = 'unknown'
  let probe: Promise<void> | undefined
  const settle = (verdict: MethodRouteState): void => {
    if (verdict === 'absent' || state === 'unknown') state = verdict
  }
  const known: MethodRouteTicket = { fallback: false, leave: settle }
  const absent: MethodRouteTicket = { fallback: true, leave: settle }

  const enter: MethodRoute['enter'] = async (signal, abort) => {
    for (;;) {
      if (state === 'absent') return absent
      if (state === 'present') return known
      if (probe === undefined) {
        let release = (): void => {}
        probe = new Promise<void>((resolve) => (release = resolve))
        let left = false
        const leave = (verdict: MethodRouteState): void => {
          if (left) return
          left = true
          settle(verdict)
          probe = undefined
          release()
        }
        return { fallback: false, leave }
      }
      await waitForProbe(probe, signal, abort)
    }
  }

  const run: MethodRoute['run'] = async (primary, fallback, signal, method) => {
    // Once per call: the node was asked the method again after its fallback was refused.
    let askedAgain = false
    for (;;) {
      const ticket = await enter(signal, (reason) => abortedError(reason, { method }))
      if (ticket.fallback) {
        try {
          return await fallback()
        } catch (error) {
          // The node that lacked the method may have been upgraded (and lost the old name) under
          // the client: ask the method again, once per call.
          if (askedAgain || !isMethodRefused(error)) throw error
          askedAgain = true
          state = 'unknown'
          continue
        }
      }
      let result: Awaited<ReturnType<typeof primary>>
      try {
        result = await primary()
      } catch (error) {
        if (isMethodRefused(error)) {
          ticket.leave('absent')
          return fallback()
        }
        // Any other JSON-RPC error is an answer of the method, so the method exists. A transport
        // error tells nothing: the next call probes again.
        ticket.leave(isConfirmedRpcError(error, 'RPC_ERROR') ? 'present' : 'unknown')
        throw error
      }
      ticket.leave('present')
      return result
    }
  }

  return { enter, run }
}

function waitForProbe(
  probe: Promise<void>,
  signal: AbortSignal | null | undefined,
  abort: (reason: unknown) => unknown,
): Promise<void> {
  if (!signal) return probe
  if (signal.aborted) return Promise.reject(abort(signal.reason))
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(abort(signal.reason))
    signal.addEventListener('abort', onAbort, { once: true })
    void probe.then(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    })
  })
}

/** Which method names go on the wire: see the `methods` field of {@link MethodPolicyOptions}. */
export type MethodsPolicy = 'auto' | 'deprecated' | 'replacement'

/** Options of {@link withMethodPolicy}; `createClient` takes the first two under the same names. */
export type MethodPolicyOptions = Readonly<{
  /**
   * Which method names go on the wire for the two deprecated calls and their replacements.
   * - `'auto'`: both go out as the replacement (a deprecated call mapped to it, and its answer
   *   mapped back to the deprecated shape), which every node from 1.7 on serves. Only where the
   *   node refuses the replacement (-32601 from nodes before 1.7, or HTTP 405/410) does a call go
   *   under the deprecated name, mapped the other way. That costs one refused call per wrapper on
   *   such a node, however many calls run at once, and none elsewhere.
   * - `'replacement'`: always the replacement, never a deprecated name.
   * - `'deprecated'`: always the deprecated name, losing `maxSupportedTransactionVersion` and
   *   `minContextSlot`. Only for nodes before 1.7.
   * @default 'auto'
   */
  methods?: MethodsPolicy | undefined
  /**
   * Emit a notice (once per method per process) when a caller calls a deprecated method through
   * this transport, whatever name then goes on the wire: `process.emitWarning` with code
   * `CONFIRMED_RPC_DEPRECATED_METHOD` in Node, `console.warn` elsewhere. Walks never call one.
   * @default true
   */
  deprecationWarnings?: boolean | undefined
  /**
   * The highest transaction version the caller reads (0..255), for every transaction lookup
   * through this transport: `getTransaction` requests that do not set their own get it, and
   * `getConfirmedTransaction` requests are sent as `getTransaction` with it, even on a node that
   * still has the deprecated method (which cannot return versioned transactions). Results then
   * carry `version`. Ignored under `methods: 'deprecated'`. (Walks read the version from their
   * `ActionClient`'s `maxSupportedTransactionVersion`, which `createClient` sets to this one.)
   * @default undefined (legacy transactions only, as the methods mean: a v0 or v1 one is refused
   * with -32015, as by the node)
   */
  maxSupportedTransactionVersion?: number | undefined
}>

const CALLER = 'withMethodPolicy'

/** The options of {@link withMethodPolicy}, each with its check and default (`createClient` reads them too). @internal */
export const POLICY_FIELDS = {
  methods: /* @__PURE__ */ oneOf(['auto', 'deprecated', 'replacement'], 'auto'),
  deprecationWarnings: /* @__PURE__ */ booleanField(true),
  maxSupportedTransactionVersion: /* @__PURE__ */ integerField(0, 255),
} satisfies FieldReaders<MethodPolicyOptions>

/**
 * Wraps a transport so that the deprecated methods keep working on nodes that removed them, and
 * the replacements on nodes that predate them. Requests of `getConfirmedTransaction`,
 * `getConfirmedSignaturesForAddress2`, `getTransaction` and `getSignaturesForAddress` are routed
 * by `options.methods`, and their results mapped back, so each caller gets the shape of the
 * method it called. Every other request passes through untouched; so does the transport's
 * `description`.
 *
 * What the node serves is learnt once per returned transport. `createClient` builds one with its
 * `methods`, `deprecationWarnings` and `maxSupportedTransactionVersion` options, so the methods,
 * the walks and `client.request` all follow it.
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
 * // Sent as getSignaturesForAddress (as getConfirmedSignaturesForAddress2 only on a node
 * // before 1.7), with the answer in the deprecated shape.
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
  const {
    methods: policy,
    deprecationWarnings: warnings,
    maxSupportedTransactionVersion: version,
  } = readFields(options, POLICY_FIELDS, CALLER, 'options', '')
  const versionOption = { maxSupportedTransactionVersion: version }
  // One route: nodes gained the two replacements together (1.7), so one refused call settles
  // the question for both directions.
  const route = createMethodRoute()

  const viaReplacement = async (
    request: RpcRequest,
    call: RpcTransportOptions | undefined,
  ): Promise<unknown> => {
    const result = await transport(toReplacementRequest(request, versionOption), call)
    return toDeprecatedResult(request.method, result, versionOption)
  }

  const viaDeprecated = async (
    request: RpcRequest,
    call: RpcTransportOptions | undefined,
  ): Promise<unknown> => {
    const result = await transport(toDeprecatedRequest(request), call)
    return toReplacementResult(request.method, result, {
      maxSupportedTransactionVersion: readMaxSupportedTransactionVersion(request),
    })
  }

  const wrapped = (request: RpcRequest, call?: RpcTransportOptions): Promise<unknown> => {
    const { method } = request
    if (isDeprecatedMethod(method)) {
      if (warnings) warnDeprecatedMethod(method)
      if (policy === 'deprecated') return transport(request, call)
      if (policy === 'replacement') return viaReplacement(request, call)
      return route.run(
        () => viaReplacement(request, call),
        // The old method cannot return versioned transactions: what the caller opted into is
        // kept by marking the legacy ones it returns.
        async () =>
          version !== undefined && method === 'getConfirmedTransaction'
            ? toReplacementResult(method, await transport(request, call), versionOption)
            : transport(request, call),
        call?.signal,
        REPLACEMENT_OF[method],
      )
    }
    if (isReplacementMethod(method)) {
      const sent =
        version !== undefined && method === 'getTransaction'
          ? withDefaultVersion(request, version)
          : request
      if (policy === 'replacement') return transport(sent, call)
      if (policy === 'deprecated') return viaDeprecated(sent, call)
      return route.run(
        () => transport(sent, call),
        () => viaDeprecated(sent, call),
        call?.signal,
        method,
      )
    }
    return transport(request, call)
  }
  return Object.assign(wrapped, { description: transport.description })
}

/** The `code` of the deprecation notice, for `process.on('warning')` filters. */
export const DEPRECATED_METHOD_WARNING_CODE = 'CONFIRMED_RPC_DEPRECATED_METHOD'

// Once per method per process (per realm in a browser), however many clients there are: the
// notice is about the code that calls the method, not about one client.
const warned = new Set<DeprecatedMethod>()

type WarningProcess = Readonly<{
  emitWarning?:
    | ((message: string, options: Readonly<{ type: string; code: string }>) => void)
    | undefined
}>

/**
 * Emits the deprecation notice of `method`, unless it was emitted before in this process: through
 * `process.emitWarning` (type `DeprecationWarning`, so `--no-deprecation` silences it and
 * `--throw-deprecation` turns it into an exception) where it exists, else `console.warn`.
 * @internal
 */
export function warnDeprecatedMethod(method: DeprecatedMethod): void {
  if (warned.has(method)) return
  warned.add(method)
  const message =
    `${method} is deprecated (nodes from 2.0 answer -32601); call ${REPLACEMENT_OF[method]} ` +
    'instead, as confirmed-rpc already does where the node can (docs/migration.md). Off: ' +
    'createClient({ deprecationWarnings: false })'
  const host = (globalThis as { process?: WarningProcess | undefined }).process
  if (typeof host?.emitWarning === 'function') {
    host.emitWarning(message, { type: 'DeprecationWarning', code: DEPRECATED_METHOD_WARNING_CODE })
  } else {
    console.warn(`[${DEPRECATED_METHOD_WARNING_CODE}] ${message}`)
  }
}

/** Forgets which notices were emitted, so tests can watch them fire again. @internal */
export function resetDeprecationWarnings(): void {
  warned.clear()
}
