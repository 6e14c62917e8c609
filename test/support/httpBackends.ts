import { http } from 'msw'
import type { SetupServer } from 'msw/node'
import { type Script, toFetchResponse, writeNodeReply } from './scriptedReply'
import { type RecordedRequest, startJsonRpcServer } from './startJsonRpcServer'

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

/** Backends on real node:http servers on 127.0.0.1, port 0. */
export function loopbackBackends(): BackendKind {
  const open: { close(): Promise<void> }[] = []
  return {
    name: 'loopback',
    async start(script) {
      let index = 0
      const server = await startJsonRpcServer((body, _req, res) =>
        writeNodeReply(res, script(body, index++)),
      )
      open.push(server)
      return server
    },
    async reset() {
      await Promise.all(open.splice(0).map((server) => server.close()))
    },
  }
}

/** Backends served by msw request handlers on made-up origins. */
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
          return toFetchResponse(script(body, requests.length - 1))
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
