import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as wait } from 'node:timers/promises'
import { gzipSync } from 'node:zlib'
import { parseExactJson } from '../../src/json/parseJson'

/** How a reply's bytes go on the wire (the faults a body can meet on its way). */
export type Delivery =
  | Readonly<{ kind: 'whole' }>
  /** The body in several writes, a macrotask apart. */
  | Readonly<{ kind: 'chunks'; pieces: number }>
  /** Part of the body, then the socket is destroyed. */
  | Readonly<{ kind: 'reset'; keep: number }>
  /** The socket is destroyed before any answer. */
  | Readonly<{ kind: 'drop' }>
  /** A byte every 25 ms: far slower than the client's time limit for such cases. */
  | Readonly<{ kind: 'trickle' }>
  /** The headers, then nothing. */
  | Readonly<{ kind: 'hang' }>
  /** `content-length: 1000000000`, a few bytes, then the socket is destroyed. */
  | Readonly<{ kind: 'declaredHuge' }>
  /** `content-encoding: gzip`: the body compressed (`valid`), or sent plain under that header. */
  | Readonly<{ kind: 'gzip'; valid: boolean }>

/**
 * What the server answers one request with: a step of a script of faults. The same reply plays
 * on an msw handler (httpBackends.ts).
 */
export type ScriptedReply = Readonly<{
  /** @default 200 */
  status?: number | undefined
  headers?: Readonly<Record<string, string>> | undefined
  /** A JSON body (serialized with JSON.stringify), sent as `application/json`. */
  json?: unknown
  /** A raw text body, sent as `text/plain`; wins over `json`. */
  text?: string | undefined
  /** Bytes sent as they are, with only the headers given; wins over `text` and `json`. */
  body?: string | Uint8Array | undefined
  /** Waits this long before answering (an endpoint far away). */
  delayMs?: number | undefined
  /** How the body goes on the wire. @default { kind: 'whole' } */
  delivery?: Delivery | undefined
  /** The body in these pieces, each sent `chunkDelayMs` after the previous one. */
  chunks?: readonly string[] | undefined
  chunkDelayMs?: number | undefined
  /** After the chunks, keep the connection open without ending the body. */
  stall?: boolean | undefined
  /** Never answer at all (not even the headers). */
  hang?: boolean | undefined
  /** Drop the connection without an answer (a network error in msw). */
  reset?: boolean | undefined
}>

/**
 * Decides the reply to the `index`-th request (from 0), given its body parsed as JSON (or its
 * text when it is not JSON) and its text. `undefined` passes it on to the `target`.
 */
export type Script = (
  body: unknown,
  index: number,
  text: string,
) => ScriptedReply | undefined | Promise<ScriptedReply | undefined>

/**
 * A fault by rule: `reply` answers the requests that match `method` (the JSON-RPC method of the
 * request, or of a call of its batch) and `call` (the request's index, from 0), at most `times`.
 */
export type FaultRule = Readonly<{
  method?: string | undefined
  call?: number | undefined
  /** @default Infinity */
  times?: number | undefined
  reply: ScriptedReply | ((body: unknown) => ScriptedReply)
}>

/**
 * Answers one request by hand, as `startJsonRpcServer` takes it: return a value to send it as a
 * 200 JSON body; or write to `res` yourself and return nothing; or never settle to leave the
 * request hanging.
 */
export type JsonRpcHandler = (
  body: unknown,
  req: IncomingMessage,
  res: ServerResponse,
) => unknown | Promise<unknown>

/** One JSON-RPC call, as a {@link CallRule} sees it. */
export type JsonRpcCall = { jsonrpc?: unknown; id?: unknown; method: string; params?: unknown[] }

/**
 * Answers one JSON-RPC call (each call of a batch apart) with an envelope; `forward` asks the
 * `target` and gives its envelope with its integers exact.
 */
export type CallRule = (
  call: JsonRpcCall,
  forward: (call: JsonRpcCall) => Promise<Record<string, unknown>>,
) => Promise<Record<string, unknown>>

/** Options of {@link startLoopbackServer}; a request goes to the first of them that answers. */
export type LoopbackServerOptions = Readonly<{
  /** Faults by rule, before everything else but {@link LoopbackServer.next}. */
  faults?: readonly FaultRule[] | undefined
  /** Answers by hand (see {@link JsonRpcHandler}). */
  handler?: JsonRpcHandler | undefined
  /** The script of replies; replaced with {@link LoopbackServer.use}. */
  script?: Script | undefined
  /** A served mock ledger's URL: what no rule, handler or script answers goes on to it. */
  target?: string | undefined
  /** Answers each JSON-RPC call on its way to `target`, instead of forwarding the body whole. */
  calls?: CallRule | undefined
  /** Added before each request forwarded to `target`, in ms. */
  latencyMs?: number | undefined
  /** How long an idle connection stays open. @default Node's (5 s) */
  keepAliveMs?: number | undefined
  /** `url` ends with `/`. @default false */
  trailingSlash?: boolean | undefined
}>

/** One request as the server received it. */
export type RecordedRequest = Readonly<{
  /** The body parsed as JSON, or the raw text when it is not JSON. */
  body: unknown
  headers: IncomingHttpHeaders
  /** Path and query, as sent. */
  url: string
}>

/** One request a rule or the script answered, and the reply it got. */
export type Exchange = Readonly<{
  requestText: string
  status: number
  delivery: Delivery
  /** The body before any compression, as bytes. */
  body: Uint8Array
}>

/** A running {@link startLoopbackServer}. */
export type LoopbackServer = Readonly<{
  /** `http://127.0.0.1:<port>` (with `/` at the end when asked). */
  url: string
  /** Every request received, in order. */
  requests: RecordedRequest[]
  /** Arrival time (`Date.now()`) of every POST, in order, before its body is read. */
  arrivals: number[]
  /** Every JSON-RPC call received (each call of a batch apart), in order. */
  calls: { method: string; params: unknown[] }[]
  /** The requests a rule or the script answered since the last `use`, with their replies. */
  exchanges: Exchange[]
  /** Resolves once `count` requests have arrived. */
  received(count: number): Promise<void>
  /** Replaces the script and clears `exchanges`. */
  use(script: Script): void
  /** Answers the next POST with `reply`; resolves with its arrival time. */
  next(reply: ScriptedReply): Promise<number>
  /** Stops the server and drops open connections (hanging requests included). */
  close(): Promise<void>
}>

const TRICKLE_MS = 25
const TRICKLE_MAX_BYTES = 400
const forever = (): Promise<never> => new Promise<never>(() => {})

/** The body of a reply without chunks, as text or bytes. */
export function replyBody(reply: ScriptedReply): string | Uint8Array {
  return reply.body ?? reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json))
}

/** The headers a reply goes out with: its own, over the content type of its body. */
export function replyHeaders(reply: ScriptedReply): Record<string, string> {
  if (reply.body !== undefined) return { ...reply.headers }
  const contentType = reply.text === undefined ? 'application/json' : 'text/plain'
  return { 'content-type': contentType, ...reply.headers }
}

function gone(res: ServerResponse): boolean {
  return res.destroyed || res.socket === null || res.socket.destroyed
}

async function playChunks(res: ServerResponse, reply: ScriptedReply, chunks: readonly string[]) {
  res.flushHeaders()
  for (const chunk of chunks) {
    if (res.destroyed) return
    res.write(chunk)
    await wait(reply.chunkDelayMs ?? 0)
  }
  if (reply.stall) return forever()
  res.end()
}

/** Plays the bytes of a reply on the wire the way its delivery says. */
async function deliver(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  bytes: Buffer,
  delivery: Delivery,
): Promise<void> {
  switch (delivery.kind) {
    case 'drop':
      req.socket.destroy()
      return
    case 'whole':
      res.writeHead(status, headers).end(bytes)
      return
    case 'gzip':
      res
        .writeHead(status, { ...headers, 'content-encoding': 'gzip' })
        .end(delivery.valid ? gzipSync(bytes) : bytes)
      return
    case 'chunks': {
      res.writeHead(status, headers)
      const size = Math.ceil(bytes.length / delivery.pieces) || 1
      for (let start = 0; start < bytes.length; start += size) {
        if (gone(res)) return
        res.write(bytes.subarray(start, start + size))
        await wait(0)
      }
      res.end()
      return
    }
    case 'reset':
      res.writeHead(status, headers)
      res.flushHeaders()
      res.write(bytes.subarray(0, Math.floor(delivery.keep * bytes.length)))
      await wait(0)
      res.socket?.destroy()
      return
    case 'declaredHuge':
      res.writeHead(status, { ...headers, 'content-length': '1000000000' })
      res.write(bytes.subarray(0, 100))
      await wait(0)
      res.socket?.destroy()
      return
    case 'hang':
      res.writeHead(status, headers)
      res.flushHeaders()
      return
    case 'trickle':
      res.writeHead(status, headers)
      res.flushHeaders()
      for (const byte of bytes.subarray(0, TRICKLE_MAX_BYTES)) {
        if (gone(res)) return
        res.write(Buffer.from([byte]))
        await wait(TRICKLE_MS)
      }
      if (!gone(res)) res.end()
      return
  }
}

/** Plays a reply on a node:http response. */
export async function playReply(
  req: IncomingMessage,
  res: ServerResponse,
  reply: ScriptedReply,
): Promise<void> {
  if (reply.delayMs !== undefined) await wait(reply.delayMs)
  if (reply.hang) return forever()
  if (reply.reset) {
    req.socket.destroy()
    return
  }
  const status = reply.status ?? 200
  const headers = replyHeaders(reply)
  const delivery = reply.delivery ?? { kind: 'whole' }
  // A real server ends a 204 or 304 at once. One left open would hold its keep-alive
  // connection, and the next request the client sends on it, hostage.
  if ((status === 204 || status === 304) && delivery.kind !== 'drop') {
    res.writeHead(status, headers).end()
    return
  }
  if (reply.chunks !== undefined) {
    res.writeHead(status, headers)
    return playChunks(res, reply, reply.chunks)
  }
  await deliver(req, res, status, headers, Buffer.from(replyBody(reply)), delivery)
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The JSON-RPC calls of a request body: one, the calls of a batch, or none. */
function callsOf(body: unknown): JsonRpcCall[] {
  return (Array.isArray(body) ? body : [body]).filter(
    (call): call is JsonRpcCall => isObject(call) && typeof call.method === 'string',
  )
}

/** The fault rules, each with how many more times it may answer. */
function createFaults(rules: readonly FaultRule[]) {
  const left = rules.map((rule) => rule.times ?? Number.POSITIVE_INFINITY)
  return (body: unknown, index: number): ScriptedReply | undefined => {
    const methods = callsOf(body).map((call) => call.method)
    const at = rules.findIndex(
      (rule, i) =>
        (left[i] as number) > 0 &&
        (rule.call === undefined || rule.call === index) &&
        (rule.method === undefined || methods.includes(rule.method)),
    )
    const rule = rules[at]
    if (rule === undefined) return undefined
    left[at] = (left[at] as number) - 1
    return typeof rule.reply === 'function' ? rule.reply(body) : rule.reply
  }
}

/** Forwarding to a served ledger: the body whole, or each call apart with exact integers. */
function createForward(target: string, calls: CallRule | undefined, latencyMs: number) {
  const post = (body: BodyInit | null, method = 'POST') =>
    fetch(target, { method, headers: { 'content-type': 'application/json' }, body })
  const forwardCall = async (call: JsonRpcCall): Promise<Record<string, unknown>> => {
    const exact = parseExactJson(await (await post(JSON.stringify(call))).text())
    return { ...(exact.value as Record<string, unknown>), stringify: exact.stringify }
  }
  const byCall = async (rule: CallRule, body: unknown, res: ServerResponse) => {
    const answers = await Promise.all(callsOf(body).map((call) => rule(call, forwardCall)))
    // Each answer written back with its integers exact (the ledger's u64 values).
    const texts = answers.map(({ stringify, ...answer }) =>
      typeof stringify === 'function'
        ? (stringify as (value: unknown) => string)(answer)
        : JSON.stringify(answer),
    )
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(Array.isArray(body) ? `[${texts.join(',')}]` : texts[0])
  }
  const whole = async (req: IncomingMessage, res: ServerResponse, raw: Buffer) => {
    const answer = await post(
      req.method === 'POST' ? new Uint8Array(raw) : null,
      req.method ?? 'POST',
    )
    const bytes = Buffer.from(await answer.arrayBuffer())
    const headers: Record<string, string> = {}
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection') {
        headers[name] = value
      }
    })
    res.writeHead(answer.status, headers).end(bytes)
  }
  return async (req: IncomingMessage, res: ServerResponse, raw: Buffer, body: unknown) => {
    if (latencyMs > 0) await wait(latencyMs)
    try {
      await (calls === undefined ? whole(req, res, raw) : byCall(calls, body, res))
    } catch {
      // The ledger behind reset the connection (an injected fault) or has gone (a test closing
      // while a cancelled call is still on its way): reset this one too.
      req.socket.destroy()
    }
  }
}

/**
 * The one loopback server of the tests: a real `node:http` server on 127.0.0.1, on a free port,
 * that answers each request from a script of faults (statuses, delays, cut or trickled bodies,
 * resets, JSON-RPC errors; per method or per request index) or forwards it to a served mock
 * ledger, and records what it received. {@link startJsonRpcServer}, {@link startLedgerProxy}
 * and `startV1Proxy` (startV1Proxy.ts) are this server with one option each.
 */
export async function startLoopbackServer(
  options: LoopbackServerOptions = {},
): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = []
  const arrivals: number[] = []
  const calls: { method: string; params: unknown[] }[] = []
  const exchanges: Exchange[] = []
  const waiters: { count: number; resolve: () => void }[] = []
  const queued: { reply: ScriptedReply; resolve: (at: number) => void }[] = []
  const faults = createFaults(options.faults ?? [])
  const forward =
    options.target === undefined
      ? undefined
      : createForward(options.target, options.calls, options.latencyMs ?? 0)
  let script = options.script

  const answer = async (req: IncomingMessage, res: ServerResponse, at: number) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks)
    const text = raw.toString('utf8')
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {}
    const index = requests.length
    requests.push({ body, headers: req.headers, url: req.url ?? '/' })
    for (const call of callsOf(body)) calls.push({ method: call.method, params: call.params ?? [] })
    for (const waiter of waiters.filter((w) => requests.length >= w.count)) waiter.resolve()
    const once = req.method === 'POST' ? queued.shift() : undefined
    once?.resolve(at)
    let reply: ScriptedReply | undefined
    try {
      reply = once?.reply ?? faults(body, index)
      if (reply === undefined && options.handler !== undefined) {
        const value = await options.handler(body, req, res)
        if (!res.headersSent && value !== undefined) reply = { json: value }
        if (reply === undefined) return
      }
      reply ??= await script?.(body, index, text)
    } catch (error) {
      // A broken script shows as a status no server sends; a handler's as a plain 500.
      if (res.headersSent) return
      reply = { status: options.handler === undefined ? 599 : 500, text: String(error) }
    }
    if (reply === undefined && forward !== undefined) return forward(req, res, raw, body)
    reply ??= { status: 500, text: 'no reply in the script' }
    const sent = reply.chunks === undefined ? replyBody(reply) : reply.chunks.join('')
    const delivery = reply.delivery ?? { kind: 'whole' }
    exchanges.push({
      requestText: text,
      status: reply.status ?? 200,
      delivery,
      body: Buffer.from(sent),
    })
    return playReply(req, res, reply)
  }

  const server = createServer(async (req, res) => {
    const at = Date.now()
    if (req.method === 'POST') arrivals.push(at)
    res.on('error', () => {})
    try {
      await answer(req, res, at)
    } catch {
      req.socket.destroy()
    }
  })
  if (options.keepAliveMs !== undefined) server.keepAliveTimeout = options.keepAliveMs
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${options.trailingSlash ? '/' : ''}`,
    requests,
    arrivals,
    calls,
    exchanges,
    received: (count) =>
      requests.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    use(next) {
      script = next
      exchanges.length = 0
    },
    next: (reply) => new Promise((resolve) => queued.push({ reply, resolve })),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A server answered by hand: `startLoopbackServer({ handler })`. */
export function startJsonRpcServer(handler: JsonRpcHandler): Promise<LoopbackServer> {
  return startLoopbackServer({ handler })
}

/** Options of {@link startLedgerProxy}. */
export type LedgerProxyOptions = Readonly<{
  /** Where requests go on to: a served mock ledger's URL. */
  target: string
  /** Added before each answer, in ms (an endpoint far away). */
  latencyMs?: number | undefined
}>

/**
 * A recording front of a served ledger, where a provider would count the requests: the server
 * forwarding to `target` after `latencyMs`, whose `rateLimitNext(seconds)` answers the next
 * request 429 with `Retry-After` (and resolves with its arrival).
 */
export async function startLedgerProxy(options: LedgerProxyOptions) {
  const server = await startLoopbackServer({
    target: options.target,
    latencyMs: options.latencyMs,
    keepAliveMs: 60_000,
    trailingSlash: true,
  })
  return {
    url: server.url,
    arrivals: server.arrivals,
    rateLimitNext: (seconds: number) =>
      server.next({
        status: 429,
        headers: { 'retry-after': String(seconds) },
        body: 'Too Many Requests',
      }),
    close: server.close,
  }
}

/** A recording front of a served ledger; see {@link startLedgerProxy}. */
export type LedgerProxy = Awaited<ReturnType<typeof startLedgerProxy>>

/** The server {@link startJsonRpcServer} gives. */
export type JsonRpcServer = LoopbackServer
