import { Node, type ObjectLiteralExpression, type Type, ts } from 'ts-morph'
import { shortText } from './formatMigrateReport'
import type { TextEdit } from './types'

/**
 * The property every rewritten transaction call gets: without it the replacement, like the
 * deprecated method, refuses versioned transactions (`-32015`); with it those up to `version`
 * come back. `version` is the highest the project's web3.js reads (see installedWeb3Version).
 */
function versionProperty(version: 0 | 1): string {
  return `maxSupportedTransactionVersion: ${version}`
}

/**
 * How the commitment argument of a deprecated transaction call becomes the replacement's
 * config object: the edits and a note for the report, or why it cannot be done safely.
 */
type ConfigPlan =
  | Readonly<{ ok: true; edits: readonly TextEdit[]; note: string }>
  | Readonly<{ ok: false; reason: string }>

/**
 * Turns the commitment argument of `getConfirmedTransaction(sig, commitment?)` (and of the
 * parsed variants) into the replacement's config object with `maxSupportedTransactionVersion`
 * (`version`: 1 where the project's web3.js reads v1 transactions, else 0):
 *
 * - absent, `undefined` or `void 0`: `{ maxSupportedTransactionVersion: 1 }`;
 * - a string literal: `{ commitment: 'confirmed', maxSupportedTransactionVersion: 1 }`;
 * - an object literal: the property is added to it (kept as is if it already sets it);
 * - an expression whose type is a string: wrapped as `{ commitment: x, ... }`; when it may be
 *   `undefined` and the project has `exactOptionalPropertyTypes`, `commitment` is only set when
 *   defined (`{ ...(x === undefined ? {} : { commitment: x }), ... }`), since
 *   `{ commitment: undefined }` does not type-check there;
 * - an expression whose type is an object: spread, `{ ...config, ... }` (the version first,
 *   `{ maxSupportedTransactionVersion: 1, ...config }`, when the type may set its own);
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
  version: 0 | 1,
): ConfigPlan {
  const setting = versionProperty(version)
  if (argument === undefined) {
    return {
      ok: true,
      edits: [{ start: before.getEnd(), end: before.getEnd(), text: `, { ${setting} }` }],
      note: `no commitment: \`{ ${setting} }\` added`,
    }
  }
  const edit = argumentEdits(argument, setting)
  const { text, simple, replace, wrap, guarded } = edit
  if (isUndefinedLiteral(argument)) {
    return replace(`{ ${setting} }`, `\`${text}\` commitment: \`{ ${setting} }\``)
  }
  if (Node.isStringLiteral(argument) || Node.isNoSubstitutionTemplateLiteral(argument)) {
    return wrap(
      '{ commitment: ',
      `, ${setting} }`,
      `commitment ${text} moved into \`{ commitment, ${setting} }\``,
    )
  }
  if (Node.isObjectLiteralExpression(argument)) return extendObjectLiteral(argument, setting)

  const type = argument.getType()
  if (type.isAny() || type.isUnknown()) {
    return guarded(`the type of \`${text}\` is unknown (a commitment string or a config object)`)
  }
  const parts = type.isUnion() ? type.getUnionTypes() : [type]
  const nullish = parts.filter((part) => part.isUndefined() || part.isNull() || isVoid(part))
  const rest = parts.filter((part) => !nullish.includes(part))
  if (rest.length === 0) {
    return simple
      ? replace(`{ ${setting} }`, `\`${text}\` is always undefined: \`{ ${setting} }\``)
      : { ok: false, reason: `\`${text}\` is always undefined, but evaluating it may matter` }
  }
  if (rest.every(isStringLike)) {
    return planStringArgument(argument, edit, nullish, exactOptionalPropertyTypes, setting)
  }
  if (rest.every((part) => part.isObject() || part.isIntersection())) {
    return planObjectArgument(edit, rest, setting)
  }
  if (rest.every((part) => isStringLike(part) || part.isObject() || part.isIntersection())) {
    return guarded(`\`${text}\` is a commitment string or a config object`)
  }
  return {
    ok: false,
    reason: `\`${text}\` is a ${type.getText(argument)}: neither a commitment string nor a config object`,
  }
}

/** The ways a plan rewrites the argument in place, and how a note quotes it. */
type ArgumentEdits = Readonly<{
  /** The argument as a note quotes it (see `shortText`). */
  text: string
  /** Whether the argument can be written twice (see {@link isSimpleExpression}). */
  simple: boolean
  /** Replaces the argument with `replacement`. */
  replace: (replacement: string, note: string) => ConfigPlan
  /** Puts `open` before the argument and `close` after it. */
  wrap: (open: string, close: string, note: string) => ConfigPlan
  /** Tests the argument at run time (`typeof x === 'string' ? ... : ...`), if it can be written twice. */
  guarded: (why: string) => ConfigPlan
}>

function argumentEdits(argument: Node, setting: string): ArgumentEdits {
  const start = argument.getStart()
  const end = argument.getEnd()
  const text = shortText(argument)
  const simple = isSimpleExpression(argument)
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
  const guarded = (why: string): ConfigPlan =>
    simple
      ? replace(
          `typeof ${argument.getText()} === 'string' ? { commitment: ${argument.getText()}, ${setting} } : { ...${argument.getText()}, ${setting} }`,
          `${why}: tested at run time (\`typeof ${text} === 'string'\`)`,
        )
      : {
          ok: false,
          reason: `${why}, and \`${text}\` is not a plain name that can be tested before use; assign it to a variable first`,
        }
  return { text, simple, replace, wrap, guarded }
}

/**
 * A commitment whose type is a string: moved into `{ commitment, ... }`, set only when defined
 * where it may be undefined and the project has `exactOptionalPropertyTypes`.
 */
function planStringArgument(
  argument: Node,
  edit: ArgumentEdits,
  nullish: readonly Type[],
  exactOptionalPropertyTypes: boolean,
  setting: string,
): ConfigPlan {
  const { text, simple, replace, wrap } = edit
  // `{ commitment }` when the variable already has the property's name.
  const property =
    Node.isIdentifier(argument) && argument.getText() === 'commitment'
      ? 'commitment'
      : `commitment: ${argument.getText()}`
  if (nullish.length === 0 || !exactOptionalPropertyTypes) {
    const note = `commitment \`${text}\` moved into \`{ commitment, ${setting} }\``
    return Node.isIdentifier(argument)
      ? replace(`{ ${property}, ${setting} }`, note)
      : wrap('{ commitment: ', `, ${setting} }`, note)
  }
  const absent = nullish.some((part) => part.isNull()) ? '== null' : '=== undefined'
  return simple
    ? replace(
        `{ ...(${argument.getText()} ${absent} ? {} : { ${property} }), ${setting} }`,
        `commitment \`${text}\` may be undefined (exactOptionalPropertyTypes): set only when defined`,
      )
    : {
        ok: false,
        reason: `commitment \`${text}\` may be undefined, which exactOptionalPropertyTypes rejects as \`{ commitment: undefined }\`, and it is not a plain name that can be tested first; assign it to a variable`,
      }
}

/** A config whose type is an object: spread, the version before it when it may set its own. */
function planObjectArgument(
  edit: ArgumentEdits,
  rest: readonly Type[],
  setting: string,
): ConfigPlan {
  const { text, wrap } = edit
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
        `{ ${setting}, ...`,
        ' }',
        `config \`${text}\` spread after \`${setting}\` (it may set its own)`,
      )
    : wrap('{ ...', `, ${setting} }`, `config \`${text}\` spread into \`{ ..., ${setting} }\``)
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

/**
 * Adds `maxSupportedTransactionVersion` after the literal's last property, on a line of its
 * own when the literal spans lines, keeping a trailing comma where there was one.
 */
function extendObjectLiteral(literal: ObjectLiteralExpression, setting: string): ConfigPlan {
  const properties = literal.getProperties()
  const sets = properties.some(
    (property) =>
      (Node.isPropertyAssignment(property) || Node.isShorthandPropertyAssignment(property)) &&
      property.getName() === 'maxSupportedTransactionVersion',
  )
  if (sets) {
    return {
      ok: true,
      edits: [],
      note: 'the config object already sets maxSupportedTransactionVersion',
    }
  }
  const last = properties.at(-1)
  const note = `\`${setting}\` added to the config object`
  if (last === undefined) {
    return {
      ok: true,
      edits: [{ start: literal.getStart(), end: literal.getEnd(), text: `{ ${setting} }` }],
      note,
    }
  }
  const source = literal.getSourceFile().getFullText()
  const afterLast = last.getEnd()
  const comma = /^\s*,/.exec(source.slice(afterLast, literal.getEnd() - 1))
  const multiline = source.slice(literal.getStart(), literal.getEnd()).includes('\n')
  if (!multiline) {
    return { ok: true, edits: [{ start: afterLast, end: afterLast, text: `, ${setting}` }], note }
  }
  const lineStart = source.lastIndexOf('\n', last.getStart() - 1) + 1
  const indent = /^[ \t]*/.exec(source.slice(lineStart))?.[0] ?? ''
  const eol = source.includes('\r\n') ? '\r\n' : '\n'
  return comma
    ? {
        ok: true,
        edits: [
          {
            start: afterLast + comma[0].length,
            end: afterLast + comma[0].length,
            text: `${eol}${indent}${setting},`,
          },
        ],
        note,
      }
    : {
        ok: true,
        edits: [{ start: afterLast, end: afterLast, text: `,${eol}${indent}${setting}` }],
        note,
      }
}

/**
 * Whether an expression can be written twice in the output without running anything twice: a
 * name, `this`, or a property path on one (`options.commitment`, `this.config?.commitment`,
 * `settings['commitment']`). A rewrite that must test a value before using it (`typeof x ===
 * 'string' ? ... : ...`) is only made on such expressions.
 */
function isSimpleExpression(node: Node): boolean {
  if (Node.isIdentifier(node)) return node.getText() !== 'undefined'
  if (Node.isThisExpression(node)) return true
  if (Node.isPropertyAccessExpression(node)) return isSimpleExpression(node.getExpression())
  if (Node.isElementAccessExpression(node)) {
    const argument = node.getArgumentExpression()
    return (
      (Node.isStringLiteral(argument) || Node.isNumericLiteral(argument)) &&
      isSimpleExpression(node.getExpression())
    )
  }
  if (Node.isParenthesizedExpression(node) || Node.isNonNullExpression(node)) {
    return isSimpleExpression(node.getExpression())
  }
  return false
}
