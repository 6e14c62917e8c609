import { type ExactJson, parseExactJson } from './parseExactJson'

/** A response body read as exact JSON, or undefined when it is not JSON. @internal */
export function readExactJson(body: ArrayBuffer | string): ExactJson | undefined {
  try {
    return parseExactJson(typeof body === 'string' ? body : new TextDecoder().decode(body))
  } catch {
    return undefined
  }
}
