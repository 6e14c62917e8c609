import { RpcResponseError, TransportError } from '../../src/errors/ConfirmedRpcError'
import type { RpcRequest, RpcTransport } from '../../src/transport/types'

/** A scripted node for the policy tests: which methods it has, and what each answers. */
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

export function rpcError(code: number, message: string, method: string): RpcResponseError {
  return new RpcResponseError({
    shortMessage: `The node answered ${code}: ${message}`,
    context: { method, rpcCode: code, rpcMessage: message },
  })
}

export function createFakeNode(
  methods: readonly string[],
  answer: (request: RpcRequest) => unknown = (request) => ({ answeredAs: request.method }),
): FakeNode {
  const sent: RpcRequest[] = []
  let notFound = 0
  let gate: Promise<void> | undefined
  let open = (): void => {}
  let networkError = false
  const transport: RpcTransport = async (request) => {
    sent.push(request)
    const failNetwork = networkError
    networkError = false
    if (gate !== undefined) await gate
    if (failNetwork) {
      throw new TransportError({
        code: 'NETWORK_ERROR',
        shortMessage: 'The request failed before a complete HTTP answer arrived.',
        context: { method: request.method },
      })
    }
    if (!methods.includes(request.method)) {
      notFound++
      throw rpcError(-32601, 'Method not found', request.method)
    }
    const result = answer(request)
    if (result instanceof Error) throw result
    return result
  }
  return {
    transport,
    sent,
    notFound: () => notFound,
    hold: () => {
      gate = new Promise((resolve) => {
        open = () => {
          gate = undefined
          resolve()
        }
      })
    },
    open: () => open(),
    failNextWithNetworkError: () => {
      networkError = true
    },
  }
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
  const transport: RpcTransport = async (request, options) => {
    sent.push(request.method)
    if (refused.includes(request.method)) {
      refusedCount++
      throw httpRefusal(status, request.method)
    }
    return inner(request, options)
  }
  return { transport, sent, refusedCount: () => refusedCount }
}
