import type { FetchFunction } from './types'

/**
 * The `fetch` of builds for browsers and workers: the platform's own, looked up on every call so
 * that a fetch installed or stubbed after the client was created is the one used. Every runtime
 * such a build targets has one, so shipping a ponyfill would only add bytes.
 * @internal
 */
export const defaultFetch: FetchFunction = (input, init) => globalThis.fetch(input, init)

/**
 * A browser's fetch fails with no system code (`TypeError: Failed to fetch`, whatever failed):
 * there is nothing to read. See `defaultFetch.ts`.
 * @internal
 */
export const readNetworkFailure = (_error: unknown): undefined => undefined

/**
 * A browser's fetch answers with a web stream (`body.getReader()`), never a Node stream: the
 * body reader of this build leaves that branch out. See `defaultFetch.ts`.
 * @internal
 */
export const NODE_STREAM_BODIES = false
