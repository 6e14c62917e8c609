import crossFetch from 'cross-fetch'
import type { FetchFunction } from './types'

/**
 * The `fetch` a transport uses when given none: cross-fetch's, that is node-fetch in Node, which
 * answers the large JSON bodies of these methods faster than Node's built-in fetch. Builds for
 * browsers and workers swap this module for `defaultFetch.browser.ts` (see tsup.config.ts).
 * @internal
 */
export const defaultFetch = crossFetch as FetchFunction
