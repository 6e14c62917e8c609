import { Node, type Type, ts } from 'ts-morph'
import type { ConfigPlan } from './ConfigPlan'
import { extendObjectLiteral } from './extendObjectLiteral'
import { isSimpleExpression } from './isSimpleExpression'
import { shortText } from './shortText'
import { VERSION_PROPERTY as VERSION } from './versionProperty'

/**
 * Turns the commitment argument of `getConfirmedTransaction(sig, commitment?)` (and of the
 * parsed variants) into the replacement's config object with `maxSupportedTransactionVersion: 0`:
 *
 * - absent, `undefined` or `void 0`: `{ maxSupportedTransactionVersion: 0 }`;
 * - a string literal: `{ commitment: 'confirmed', maxSupportedTransactionVersion: 0 }`;
 * - an object literal: the property is added to it (kept as is if it already sets it);
 * - an expression whose type is a string: wrapped as `{ commitment: x, ... }`; when it may be
 *   `undefined` and the project has `exactOptionalPropertyTypes`, `commitment` is only set when
 *   defined (`{ ...(x === undefined ? {} : { commitment: x }), ... }`), since
 *   `{ commitment: undefined }` does not type-check there;
 * - an expression whose type is an object: spread, `{ ...config, ... }` (the version first,
 *   `{ maxSupportedTransactionVersion: 0, ...config }`, when the type may set its own);
 * - an expression that may be either, or whose type is unknown (`any`, JavaScript): tested at
 *   run time, `typeof x === 'string' ? { commitment: x, ... } : { ...x, ... }`.
 *
 * An expression written twice must be a name or a property path (it must not run twice); any
 * other expression needing it, or a type that is neither a string nor an object, cannot be
 * rewritten safely: the plan says why and the call is left with a comment.
 *
 * `before` is the argument before the commitment (the signature), after which an absent
 * commitment is inserted.
 */
export function planConfigArgument(
  before: Node,
  argument: Node | undefined,
  exactOptionalPropertyTypes: boolean,
): ConfigPlan {
  if (argument === undefined) {
    return {
      ok: true,
      edits: [{ start: before.getEnd(), end: before.getEnd(), text: `, { ${VERSION} }` }],
      note: `no commitment: \`{ ${VERSION} }\` added`,
    }
  }
  const start = argument.getStart()
  const end = argument.getEnd()
  const text = shortText(argument)
  const replace = (replacement: string, note: string): ConfigPlan => ({
    ok: true,
    edits: [{ start, end, text: replacement }],
    note,
  })
  const wrap = (open: string, close: string, note: string): ConfigPlan => ({
    ok: true,
    edits: [
      { start, end: start, text: open },
      { start: end, end, text: close },
    ],
    note,
  })
  if (isUndefinedLiteral(argument)) {
    return replace(`{ ${VERSION} }`, `\`${text}\` commitment: \`{ ${VERSION} }\``)
  }
  if (Node.isStringLiteral(argument) || Node.isNoSubstitutionTemplateLiteral(argument)) {
    return wrap(
      '{ commitment: ',
      `, ${VERSION} }`,
      `commitment ${text} moved into \`{ commitment, ${VERSION} }\``,
    )
  }
  if (Node.isObjectLiteralExpression(argument)) return extendObjectLiteral(argument)

  const simple = isSimpleExpression(argument)
  const guarded = (why: string): ConfigPlan =>
    simple
      ? replace(
          `typeof ${argument.getText()} === 'string' ? { commitment: ${argument.getText()}, ${VERSION} } : { ...${argument.getText()}, ${VERSION} }`,
          `${why}: tested at run time (\`typeof ${text} === 'string'\`)`,
        )
      : {
          ok: false,
          reason: `${why}, and \`${text}\` is not a plain name that can be tested before use; assign it to a variable first`,
        }

  const type = argument.getType()
  if (type.isAny() || type.isUnknown()) {
    return guarded(`the type of \`${text}\` is unknown (a commitment string or a config object)`)
  }
  const parts = type.isUnion() ? type.getUnionTypes() : [type]
  const nullish = parts.filter((part) => part.isUndefined() || part.isNull() || isVoid(part))
  const rest = parts.filter((part) => !nullish.includes(part))
  if (rest.length === 0) {
    return simple
      ? replace(`{ ${VERSION} }`, `\`${text}\` is always undefined: \`{ ${VERSION} }\``)
      : { ok: false, reason: `\`${text}\` is always undefined, but evaluating it may matter` }
  }
  const strings = rest.every(isStringLike)
  const objects = rest.every((part) => part.isObject() || part.isIntersection())
  if (strings) {
    // `{ commitment }` when the variable already has the property's name.
    const property =
      Node.isIdentifier(argument) && argument.getText() === 'commitment'
        ? 'commitment'
        : `commitment: ${argument.getText()}`
    if (nullish.length === 0 || !exactOptionalPropertyTypes) {
      const note = `commitment \`${text}\` moved into \`{ commitment, ${VERSION} }\``
      return Node.isIdentifier(argument)
        ? replace(`{ ${property}, ${VERSION} }`, note)
        : wrap('{ commitment: ', `, ${VERSION} }`, note)
    }
    const absent = nullish.some((part) => part.isNull()) ? '== null' : '=== undefined'
    return simple
      ? replace(
          `{ ...(${argument.getText()} ${absent} ? {} : { ${property} }), ${VERSION} }`,
          `commitment \`${text}\` may be undefined (exactOptionalPropertyTypes): set only when defined`,
        )
      : {
          ok: false,
          reason: `commitment \`${text}\` may be undefined, which exactOptionalPropertyTypes rejects as \`{ commitment: undefined }\`, and it is not a plain name that can be tested first; assign it to a variable`,
        }
  }
  if (objects) {
    const versions = rest.map((part) => part.getProperty('maxSupportedTransactionVersion'))
    if (versions.every((symbol) => symbol !== undefined && !symbol.isOptional())) {
      return {
        ok: true,
        edits: [],
        note: `\`${text}\` already sets maxSupportedTransactionVersion`,
      }
    }
    // The version first when the object may carry its own, so that its value wins.
    return versions.some((symbol) => symbol !== undefined)
      ? wrap(
          `{ ${VERSION}, ...`,
          ' }',
          `config \`${text}\` spread after \`${VERSION}\` (it may set its own)`,
        )
      : wrap('{ ...', `, ${VERSION} }`, `config \`${text}\` spread into \`{ ..., ${VERSION} }\``)
  }
  if (rest.every((part) => isStringLike(part) || part.isObject() || part.isIntersection())) {
    return guarded(`\`${text}\` is a commitment string or a config object`)
  }
  return {
    ok: false,
    reason: `\`${text}\` is a ${type.getText(argument)}: neither a commitment string nor a config object`,
  }
}

/** `undefined` (the global, not a shadowing binding) or `void 0`. */
function isUndefinedLiteral(node: Node): boolean {
  if (Node.isVoidExpression(node)) return Node.isNumericLiteral(node.getExpression())
  return Node.isIdentifier(node) && node.getText() === 'undefined' && node.getType().isUndefined()
}

function isStringLike(type: Type): boolean {
  return (type.getFlags() & ts.TypeFlags.StringLike) !== 0
}

function isVoid(type: Type): boolean {
  return (type.getFlags() & ts.TypeFlags.Void) !== 0
}
