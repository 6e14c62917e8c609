import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A file served by {@link servePage}. */
export type PageFile = Readonly<{ type: string; body: string }>

/** A running page server. */
export type PageServer = Readonly<{
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  origin: string
  close(): Promise<void>
}>

/**
 * Serves fixed files on 127.0.0.1 (port 0) with the given Content-Security-Policy on every
 * answer. Anything else is 404, except /favicon.ico (204), which browsers ask for on their own
 * and whose 404 would show up as a console error.
 */
export async function servePage(
  files: ReadonlyMap<string, PageFile>,
  contentSecurityPolicy: string,
): Promise<PageServer> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://page.test').pathname
    const headers = {
      'content-security-policy': contentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    }
    const file = files.get(path)
    if (file !== undefined && request.method === 'GET') {
      response.writeHead(200, { ...headers, 'content-type': file.type }).end(file.body)
    } else if (path === '/favicon.ico') {
      response.writeHead(204, headers).end()
    } else {
      response.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('not found')
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
