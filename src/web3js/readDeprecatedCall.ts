import { REPLACEMENT_OF } from '../migrate/methodPairs'
import { deprecatedMethodOf } from './deprecatedMethodOf'
import { type ExactJson, parseExactJson } from './parseExactJson'

/** A JSON-RPC request body that calls a deprecated method at least once. @internal */
export type DeprecatedCall = Readonly<{
  /** The body as parsed, and its exact way back to text. */
  json: ExactJson
  /** The request objects: the one of a single request, or the batch's. */
  items: readonly unknown[]
  batch: boolean
}>

const NAMES = /* @__PURE__ */ Object.keys(REPLACEMENT_OF)

/**
 * The deprecated call in a `fetch`'s request, or undefined when there is none: not a POST, a body
 * that is not a string (a stream, bytes, a `Request` as `input`, which cannot be read without
 * being consumed), not JSON, or no request in it names a deprecated method. Bodies that do not
 * even contain a deprecated method's name are not parsed.
 * @internal
 */
export function readDeprecatedCall(init: RequestInit | undefined): DeprecatedCall | undefined {
  const body = init?.body
  if (typeof body !== 'string' || init?.method?.toUpperCase() !== 'POST') return undefined
  if (!NAMES.some((name) => body.includes(name))) return undefined
  let json: ExactJson
  try {
    json = parseExactJson(body)
  } catch {
    return undefined
  }
  const batch = Array.isArray(json.value)
  const items: readonly unknown[] = batch ? (json.value as unknown[]) : [json.value]
  return items.some((item) => deprecatedMethodOf(item) !== undefined)
    ? { json, items, batch }
    : undefined
}
