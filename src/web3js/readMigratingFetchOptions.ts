import { isPlainObject } from '../json/isPlainObject'
import { checkKnownKeys } from '../params/checkKnownKeys'
import { describeValue } from '../shared/describeValue'
import { invalidParam } from '../shared/invalidParam'
import { defaultFetch } from '../transport/defaultFetch'
import type { MigratingFetchOptions } from './MigratingFetchOptions'

const CALLER = 'createMigratingFetch'
const KNOWN: readonly (keyof MigratingFetchOptions)[] = ['fetch', 'methods']

/** {@link MigratingFetchOptions}, checked, with their defaults. @internal */
export type ResolvedMigratingFetchOptions = Readonly<{
  fetch: NonNullable<MigratingFetchOptions['fetch']>
  methods: NonNullable<MigratingFetchOptions['methods']>
}>

/** Checks the options of `createMigratingFetch` once, before any request. @internal */
export function readMigratingFetchOptions(options: unknown): ResolvedMigratingFetchOptions {
  if (options === undefined) options = {}
  if (!isPlainObject(options)) throw invalidParam(CALLER, 'options', 'expected an object')
  checkKnownKeys(options, KNOWN, CALLER, 'options')
  // cross-fetch (node-fetch) also takes a URL object; a `Request` it does not know is for the
  // caller's own `fetch` option.
  const { fetch = defaultFetch as ResolvedMigratingFetchOptions['fetch'], methods = 'auto' } =
    options
  if (typeof fetch !== 'function') throw invalidParam(CALLER, 'fetch', 'expected a function')
  if (methods !== 'auto' && methods !== 'replacement') {
    throw invalidParam(
      CALLER,
      'methods',
      `expected 'auto' or 'replacement', got ${describeValue(methods)}`,
    )
  }
  return { fetch: fetch as ResolvedMigratingFetchOptions['fetch'], methods }
}
