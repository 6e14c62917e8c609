/** How an endpoint answered one call: a result, a JSON-RPC error, or only an HTTP status. */
export type CallOutcome =
  | Readonly<{ kind: 'result'; value: unknown; status: number }>
  | Readonly<{ kind: 'error'; code: number; message: string; status: number }>
  | Readonly<{ kind: 'http'; status: number; text: string }>

/** One raw JSON-RPC exchange: see {@link createProbe}. */
export type Probe = Readonly<{
  /** Sends one call and reads the answer, whatever it is. */
  call(method: string, params: readonly unknown[]): Promise<CallOutcome>
  /** Sends a raw body (a batch) and returns the HTTP status and the parsed body, if JSON. */
  send(body: unknown): Promise<Readonly<{ status: number; body: unknown }>>
  /** Rate-limit headers seen so far, `name: value`, each once. */
  rateLimitHeaders(): readonly string[]
  /** Requests sent so far. */
  requests(): number
}>

const RATE_LIMIT_HEADER = /rate-?limit|retry-after/i

/**
 * Raw JSON-RPC over `fetch`, one POST per call, no retries: a probe wants the endpoint's own
 * answer (its HTTP status, its error code and message, its headers), not what a client makes of
 * it. Each request has a 10-second timeout.
 */
export function createProbe(url: string, fetchFunction: typeof fetch = fetch): Probe {
  let id = 0
  let sent = 0
  const headers = new Set<string>()
  const send = async (body: unknown) => {
    sent++
    const response = await fetchFunction(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    })
    response.headers.forEach((value, name) => {
      if (RATE_LIMIT_HEADER.test(name)) headers.add(`${name.toLowerCase()}: ${value}`)
    })
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
    return { status: response.status, body: parsed, text }
  }
  return {
    call: async (method, params) => {
      const { status, body, text } = await send({ jsonrpc: '2.0', id: ++id, method, params })
      const answer =
        typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
      if ('result' in answer) return { kind: 'result', value: answer.result, status }
      const error = answer.error
      if (typeof error === 'object' && error !== null) {
        const { code, message } = error as Record<string, unknown>
        if (typeof code === 'number') {
          return {
            kind: 'error',
            code,
            message: typeof message === 'string' ? message : '',
            status,
          }
        }
      }
      return { kind: 'http', status, text: text.slice(0, 200) }
    },
    send: async (body) => {
      const { status, body: parsed } = await send(body)
      return { status, body: parsed }
    },
    rateLimitHeaders: () => [...headers],
    requests: () => sent,
  }
}
