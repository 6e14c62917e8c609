/**
 * Child process: a loopback JSON-RPC server that answers every call with a prepared `result`
 * text (see `answerPrepared`). It parses only the small request, so the clients measured against
 * it wait on the same work, and it runs on the other core.
 *
 * Input (IPC): `{ entries: [key, resultText][] }`. Ready message: `{ url }`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { answerPrepared } from './fixtures/answerPrepared'

// Ends with the benchmark, even when that one dies without stopping it.
process.once('disconnect', () => process.exit(0))

process.once('message', (input: { entries: [string, string][] }) => {
  const results = new Map(input.entries)
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const text = answerPrepared(results, Buffer.concat(chunks).toString('utf8'))
      response.writeHead(200, { 'content-type': 'application/json' }).end(text)
    })
  })
  server.keepAliveTimeout = 60_000
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo
    process.send?.({ url: `http://127.0.0.1:${port}/` })
  })
})
