import { isPlainObject } from '../../json/parseJson'
import { describeUnexpected } from './describeUnexpected'
import { invalidParams, type Outcome, ok } from './RpcErrorObject'
import type { WireEncoding } from './WireEncoding'

/** `UiTransactionEncoding`'s variants in declaration order, as serde lists them. */
const VARIANTS: readonly WireEncoding[] = ['binary', 'base64', 'base58', 'json', 'jsonParsed']

const EXPECTED = VARIANTS.map((name) => `\`${name}\``).join(', ')

function unknownVariant(name: string) {
  return invalidParams(`Invalid params: unknown variant \`${name}\`, expected one of ${EXPECTED}.`)
}

/**
 * Reads getConfirmedTransaction's second param where it is `Option<UiTransactionEncoding>`
 * (1.3 and 1.4: `core/src/rpc.rs` @v1.3.23), with serde_json's enum messages: an encoding name,
 * or the one-key map `{"<name>": null}`; a config object such as `{"encoding": "json"}` is an
 * unknown variant `encoding`, a map of two keys `invalid value: map`.
 */
export function readBareEncodingParam(value: unknown): Outcome<WireEncoding> {
  if (value === undefined || value === null) return ok('json')
  if (typeof value === 'string') {
    return VARIANTS.includes(value as WireEncoding)
      ? ok(value as WireEncoding)
      : unknownVariant(value)
  }
  if (!isPlainObject(value)) {
    return invalidParams(
      `Invalid params: invalid type: ${describeUnexpected(value)}, expected string or map.`,
    )
  }
  const keys = Object.keys(value)
  const [name] = keys
  if (name === undefined || keys.length > 1) {
    return invalidParams('Invalid params: invalid value: map, expected map with a single key.')
  }
  if (!VARIANTS.includes(name as WireEncoding)) return unknownVariant(name)
  const content = value[name]
  if (content !== null) {
    return invalidParams(
      `Invalid params: invalid type: ${describeUnexpected(content)}, expected unit.`,
    )
  }
  return ok(name as WireEncoding)
}
