import type { ServerResponse } from 'node:http'
import { setTimeout as wait } from 'node:timers/promises'

/** What a test server answers, independent of whether it is msw or a loopback server. */
export type ScriptedReply = Readonly<{
  /** @default 200 */
  status?: number | undefined
  headers?: Readonly<Record<string, string>> | undefined
  /** A JSON body (serialized with JSON.stringify). */
  json?: unknown
  /** A raw body; wins over `json`. */
  text?: string | undefined
  /** The body in pieces, each sent `chunkDelayMs` after the previous one. */
  chunks?: readonly string[] | undefined
  chunkDelayMs?: number | undefined
  /** After the chunks, keep the connection open without ending the body. */
  stall?: boolean | undefined
  /** Never answer at all. */
  hang?: boolean | undefined
  /** Drop the connection without an answer (loopback) / a network error (msw). */
  reset?: boolean | undefined
}>

/** Decides the reply to the n-th request (from 0), given its parsed body. */
export type Script = (body: unknown, index: number) => ScriptedReply

/** The body text of a reply without chunks. */
export function replyText(reply: ScriptedReply): string {
  return reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json))
}

function replyHeaders(reply: ScriptedReply): Record<string, string> {
  const contentType = reply.text === undefined ? 'application/json' : 'text/plain'
  return { 'content-type': contentType, ...reply.headers }
}

const forever = (): Promise<never> => new Promise<never>(() => {})

/** Plays a reply on a node:http response. */
export async function writeNodeReply(res: ServerResponse, reply: ScriptedReply): Promise<void> {
  if (reply.hang) return forever()
  if (reply.reset) {
    res.socket?.destroy()
    return
  }
  res.writeHead(reply.status ?? 200, replyHeaders(reply))
  if (reply.chunks === undefined) {
    res.end(replyText(reply))
    return
  }
  res.flushHeaders()
  for (const chunk of reply.chunks) {
    if (res.destroyed) return
    res.write(chunk)
    await wait(reply.chunkDelayMs ?? 0)
  }
  if (reply.stall) return forever()
  res.end()
}

/** Plays a reply as a fetch `Response` (for msw handlers). */
export async function toFetchResponse(reply: ScriptedReply): Promise<Response> {
  if (reply.hang) return forever()
  if (reply.reset) return Response.error()
  const init = { status: reply.status ?? 200, headers: replyHeaders(reply) }
  const chunks = reply.chunks
  if (chunks === undefined) return new Response(replyText(reply), init)
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
