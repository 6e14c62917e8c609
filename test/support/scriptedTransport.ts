import { RpcResponseError, TransportError } from '../../src/errors/ConfirmedRpcError'
import { parseJson } from '../../src/json/parseJson'
import type { MockLedger } from '../../src/testing/createMockLedger'
import { abortedError, readRpcResponse } from '../../src/transport/response'
import type { RpcRequest, RpcTransport, RpcTransportOptions } from '../../src/transport/types'

/**
 * The script of a {@link instrumentTransport}: decides how the `call`-th request (from 0) is
 * answered. `next` sends it on to the inner transport (the ledger) unchanged; the script may
 * change it first, answer it itself, throw one of the errors below, or wait on a gate.
 */
export type Intercept = (
  request: RpcRequest,
  next: (request: RpcRequest) => Promise<unknown>,
  call: number,
  options: RpcTransportOptions | undefined,
) => Promise<unknown>

/** A scripted transport and what it saw. */
export type InstrumentedTransport = Readonly<{
  transport: RpcTransport
  /** Every request sent, in order. */
  sent: RpcRequest[]
  /** The signal each request was sent with, in order. */
  signals: (AbortSignal | undefined)[]
  /** Requests whose promise has not settled yet. */
  inFlight: () => number
  /** Highest number of requests running at once. */
  peak: () => number
}>

/**
 * The one scripted transport of the tests: an `RpcTransport` that records every request (its
 * signal, how many run at once) and answers each as `intercept` says, by default through
 * `inner` (a mock ledger's transport, or {@link nodeWithMethods} for a node without a ledger).
 * Over HTTP, the loopback server of loopbackServer.ts takes the same part.
 */
export function instrumentTransport(
  inner: RpcTransport,
  intercept?: Intercept,
): InstrumentedTransport {
  const sent: RpcRequest[] = []
  const signals: (AbortSignal | undefined)[] = []
  let running = 0
  let peak = 0
  const transport: RpcTransport = async (request, options) => {
    sent.push(request)
    signals.push(options?.signal)
    running++
    peak = Math.max(peak, running)
    try {
      const next = (r: RpcRequest) => inner(r, options)
      return await (intercept === undefined
        ? next(request)
        : intercept(request, next, sent.length - 1, options))
    } finally {
      running--
    }
  }
  return { transport, sent, signals, inFlight: () => running, peak: () => peak }
}

/** Answers `request` as a node `lagSlots` behind the ledger would (its stale-node view). */
export async function laggingAnswer(
  ledger: MockLedger,
  request: RpcRequest,
  lagSlots: number,
): Promise<unknown> {
  await Promise.resolve()
  const text = ledger.handleText(
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: request.method, params: request.params }),
    { lagSlots },
  )
  return readRpcResponse(parseJson(text), 1, { method: request.method })
}

/** A promise that settles when `open` is called, or rejects when `signal` aborts. */
export function createGate(): Readonly<{
  wait: (signal: AbortSignal | undefined, method: string) => Promise<void>
  open: () => void
}> {
  let release = (): void => {}
  const opened = new Promise<void>((resolve) => (release = resolve))
  return {
    open: () => release(),
    wait: (signal, method) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(abortedError(signal.reason, { method }))
        signal?.addEventListener('abort', () => reject(abortedError(signal.reason, { method })), {
          once: true,
        })
        void opened.then(resolve)
      }),
  }
}

/** The error a transport throws for a JSON-RPC `error` answer. */
export function rpcError(code: number, message: string, method: string): RpcResponseError {
  return new RpcResponseError({
    shortMessage: `The node answered ${code}: ${message}`,
    context: { method, rpcCode: code, rpcMessage: message },
  })
}

/**
 * The HTTP error a provider answers for a method name it turned off: 405 "Method Not Allowed" or
 * 410 "Gone" on the whole request.
 */
export function httpRefusal(status: 405 | 410, method: string): TransportError {
  return new TransportError({
    code: 'HTTP_ERROR',
    shortMessage: `The endpoint answered HTTP ${status}.`,
    context: { method, status, statusText: '', headers: {}, bodyExcerpt: '' },
  })
}

/** The error a transport throws when no complete HTTP answer arrived. */
export function networkError(method: string): TransportError {
  return new TransportError({
    code: 'NETWORK_ERROR',
    shortMessage: 'The request failed before a complete HTTP answer arrived.',
    context: { method },
  })
}

export const V118 = [
  'getConfirmedTransaction',
  'getConfirmedSignaturesForAddress2',
  'getTransaction',
  'getSignaturesForAddress',
] as const
export const V2 = ['getTransaction', 'getSignaturesForAddress'] as const
/** A node from before 1.7: only the (later deprecated) methods. */
export const V16 = ['getConfirmedTransaction', 'getConfirmedSignaturesForAddress2'] as const

/**
 * A node without a ledger, as an inner transport: it has `methods` (any other name answers
 * -32601) and answers each request with `answer`'s value, or throws it when it is an error.
 */
export function nodeWithMethods(
  methods: readonly string[],
  answer: (request: RpcRequest) => unknown = (request) => ({ answeredAs: request.method }),
): RpcTransport {
  return async (request) => {
    if (!methods.includes(request.method))
      throw rpcError(-32601, 'Method not found', request.method)
    const result = answer(request)
    if (result instanceof Error) throw result
    return result
  }
}

/** A scripted node for the policy tests: {@link nodeWithMethods} behind a gate and a fault. */
export type FakeNode = Readonly<{
  transport: RpcTransport
  /** Every request sent, in order. */
  sent: RpcRequest[]
  /** How many requests were answered with -32601. */
  notFound: () => number
  /** Holds every answer until `open()` is called. */
  hold: () => void
  open: () => void
  /** Makes the next request fail with a network error. */
  failNextWithNetworkError: () => void
}>

/** {@link nodeWithMethods} as a scripted transport the test can hold, fault and count. */
export function createFakeNode(
  methods: readonly string[],
  answer?: (request: RpcRequest) => unknown,
): FakeNode {
  let notFound = 0
  let gate: ReturnType<typeof createGate> | undefined
  let failNext = false
  const wire = instrumentTransport(nodeWithMethods(methods, answer), async (request, next) => {
    const failNetwork = failNext
    failNext = false
    if (gate !== undefined) await gate.wait(undefined, request.method)
    if (failNetwork) throw networkError(request.method)
    if (!methods.includes(request.method)) notFound++
    return next(request)
  })
  return {
    transport: wire.transport,
    sent: wire.sent,
    notFound: () => notFound,
    hold: () => {
      gate = createGate()
    },
    open: () => {
      gate?.open()
      gate = undefined
    },
    failNextWithNetworkError: () => {
      failNext = true
    },
  }
}

/**
 * A transport in front of `inner` that answers the `refused` method names with HTTP `status`
 * (never reaching `inner`), and records every request it gets.
 */
export function refusingOverHttp(
  inner: RpcTransport,
  status: 405 | 410,
  refused: readonly string[],
): Readonly<{ transport: RpcTransport; sent: string[]; refusedCount: () => number }> {
  const sent: string[] = []
  let refusedCount = 0
  const wire = instrumentTransport(inner, async (request, next) => {
    sent.push(request.method)
    if (!refused.includes(request.method)) return next(request)
    refusedCount++
    throw httpRefusal(status, request.method)
  })
  return { transport: wire.transport, sent, refusedCount: () => refusedCount }
}
