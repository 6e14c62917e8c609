import { setTimeout as wait } from 'node:timers/promises'
import { http } from 'msw'
import type { SetupServer } from 'msw/node'
import {
  type RecordedRequest,
  replyBody,
  replyHeaders,
  type Script,
  type ScriptedReply,
  startLoopbackServer,
} from './loopbackServer'

/** A JSON-RPC endpoint a test talks to, played by a script. */
export type TestBackend = Readonly<{
  /** Origin of the endpoint (no trailing slash); any path under it is served. */
  url: string
  requests: RecordedRequest[]
  /** Resolves once `count` requests have arrived. */
  received(count: number): Promise<void>
}>

/** Starts backends for one test file and tears them down after each test. */
export type BackendKind = Readonly<{
  name: string
  start(script: Script): Promise<TestBackend>
  /** Call in afterEach. */
  reset(): Promise<void>
}>

/** Backends on the loopback server (loopbackServer.ts). */
export function loopbackBackends(): BackendKind {
  const open: { close(): Promise<void> }[] = []
  return {
    name: 'loopback',
    async start(script) {
      const server = await startLoopbackServer({ script })
      open.push(server)
      return server
    },
    async reset() {
      await Promise.all(open.splice(0).map((server) => server.close()))
    },
  }
}

const forever = (): Promise<never> => new Promise<never>(() => {})

/**
 * Plays a reply of the loopback server's script as a fetch `Response`, for msw handlers: its
 * status, headers, body, delay, chunks, stall, hang and reset (a network error); the other
 * deliveries need a socket, which msw has not.
 */
export async function toFetchResponse(reply: ScriptedReply): Promise<Response> {
  if (reply.delayMs !== undefined) await wait(reply.delayMs)
  if (reply.hang) return forever()
  if (reply.reset) return Response.error()
  const init = { status: reply.status ?? 200, headers: replyHeaders(reply) }
  const chunks = reply.chunks
  const body = replyBody(reply)
  if (chunks === undefined) {
    return new Response(typeof body === 'string' ? body : new Uint8Array(body), init)
  }
  const encoder = new TextEncoder()
  let index = 0
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (index > 0) await wait(reply.chunkDelayMs ?? 0)
      const chunk = chunks[index++]
      if (chunk !== undefined) return controller.enqueue(encoder.encode(chunk))
      if (reply.stall) return forever()
      controller.close()
    },
  })
  return new Response(stream, init)
}

/**
 * Backends served by msw request handlers on made-up origins: the same scripts, with the
 * network mocked the way an application's own tests would mock it.
 */
export function mswBackends(server: SetupServer): BackendKind {
  let origins = 0
  return {
    name: 'msw',
    async start(script) {
      const url = `https://rpc-${++origins}.example.test`
      const requests: RecordedRequest[] = []
      const waiters: { count: number; resolve: () => void }[] = []
      server.use(
        http.post(`${url}/*`, async ({ request }) => {
          const text = await request.text()
          let body: unknown = text
          try {
            body = JSON.parse(text)
          } catch {}
          const headers: Record<string, string> = {}
          request.headers.forEach((value, name) => {
            headers[name] = value
          })
          const target = new URL(request.url)
          requests.push({ body, headers, url: `${target.pathname}${target.search}` })
          for (const waiter of waiters.filter((w) => requests.length >= w.count)) waiter.resolve()
          return toFetchResponse((await script(body, requests.length - 1, text)) ?? { status: 500 })
        }),
      )
      return {
        url,
        requests,
        received: (count) =>
          requests.length >= count
            ? Promise.resolve()
            : new Promise((resolve) => waiters.push({ count, resolve })),
      }
    },
    async reset() {
      server.resetHandlers()
    },
  }
}
