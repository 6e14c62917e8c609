import { parseJson } from '../../src/json/parseJson'
import type { MockLedger } from '../../src/testing/createMockLedger'
import { abortedError, readRpcResponse } from '../../src/transport/response'
import type { RpcRequest, RpcTransport, RpcTransportOptions } from '../../src/transport/types'

/** Decides how one request is answered; `next` sends it on unchanged. */
export type Intercept = (
  request: RpcRequest,
  next: (request: RpcRequest) => Promise<unknown>,
  call: number,
  options: RpcTransportOptions | undefined,
) => Promise<unknown>

/** A transport wrapper that records requests and counts the ones still running. */
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
