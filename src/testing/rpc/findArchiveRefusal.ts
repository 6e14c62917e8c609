import type { ArchiveDialect } from './ArchiveDialect'
import type { JsonOut } from './JsonOut'

/** An archive's answer to a body it will not read: the HTTP status and the JSON-RPC error. */
export type ArchiveRefusal = Readonly<{ status: number; body: JsonOut }>

/**
 * An archive's error envelope: Old Faithful's jsonrpc2 writes `id` 0 for transport-level errors
 * and appends `jsonrpc` last (sourcegraph/jsonrpc2 v0.2.0 `jsonrpc2.go:91-97`, `response.go:29-42`).
 */
export function archiveError(code: number, message: string): JsonOut {
  return { id: 0, error: { code, message }, jsonrpc: '2.0' }
}

/**
 * Whether an archive refuses a request body before reading it: over its size cap (HTTP 413,
 * -32600 `Request entity too large`, OF `multiepoch.go:375-384`), or a batch where it takes one
 * request per body (HTTP 400, -32700 `Parse error`, OF `multiepoch.go:394-404`).
 */
export function findArchiveRefusal(
  dialect: ArchiveDialect,
  text: string,
): ArchiveRefusal | undefined {
  if (
    dialect.maxBodyBytes !== undefined &&
    new TextEncoder().encode(text).length > dialect.maxBodyBytes
  ) {
    return { status: 413, body: archiveError(-32600, 'Request entity too large') }
  }
  if (dialect.refusesBatches && text.trimStart().startsWith('[')) {
    return { status: 400, body: archiveError(-32700, 'Parse error') }
  }
  return undefined
}
