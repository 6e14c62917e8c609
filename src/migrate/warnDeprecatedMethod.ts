import { type DeprecatedMethod, REPLACEMENT_OF } from './methodPairs'

/** The `code` of the deprecation notice, for `process.on('warning')` filters. */
export const DEPRECATED_METHOD_WARNING_CODE = 'CONFIRMED_RPC_DEPRECATED_METHOD'

// Once per method per process (per realm in a browser), however many clients there are: the
// notice is about the code that calls the method, not about one client.
const warned = new Set<DeprecatedMethod>()

type WarningProcess = Readonly<{
  emitWarning?:
    | ((message: string, options: Readonly<{ type: string; code: string }>) => void)
    | undefined
}>

/**
 * Emits the deprecation notice of `method`, unless it was emitted before in this process: through
 * `process.emitWarning` (type `DeprecationWarning`, so `--no-deprecation` silences it and
 * `--throw-deprecation` turns it into an exception) where it exists, else `console.warn`.
 * @internal
 */
export function warnDeprecatedMethod(method: DeprecatedMethod): void {
  if (warned.has(method)) return
  warned.add(method)
  const message =
    `${method} is deprecated: nodes from 2.0 on answer it with -32601. Call ` +
    `${REPLACEMENT_OF[method]} instead (confirmed-rpc switches to it on such nodes; see its ` +
    `docs/migration.md). Off with createClient({ deprecationWarnings: false }).`
  const host = (globalThis as { process?: WarningProcess | undefined }).process
  if (typeof host?.emitWarning === 'function') {
    host.emitWarning(message, { type: 'DeprecationWarning', code: DEPRECATED_METHOD_WARNING_CODE })
  } else {
    console.warn(`[${DEPRECATED_METHOD_WARNING_CODE}] ${message}`)
  }
}

/** Forgets which notices were emitted, so tests can watch them fire again. @internal */
export function resetDeprecationWarnings(): void {
  warned.clear()
}
