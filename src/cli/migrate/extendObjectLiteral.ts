import { Node, type ObjectLiteralExpression } from 'ts-morph'
import type { ConfigPlan } from './ConfigPlan'
import { VERSION_PROPERTY as VERSION } from './versionProperty'

/**
 * Adds `maxSupportedTransactionVersion: 0` after the literal's last property, on a line of its
 * own when the literal spans lines, keeping a trailing comma where there was one.
 */
export function extendObjectLiteral(literal: ObjectLiteralExpression): ConfigPlan {
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
  const note = `\`${VERSION}\` added to the config object`
  if (last === undefined) {
    return {
      ok: true,
      edits: [{ start: literal.getStart(), end: literal.getEnd(), text: `{ ${VERSION} }` }],
      note,
    }
  }
  const source = literal.getSourceFile().getFullText()
  const afterLast = last.getEnd()
  const comma = /^\s*,/.exec(source.slice(afterLast, literal.getEnd() - 1))
  const multiline = source.slice(literal.getStart(), literal.getEnd()).includes('\n')
  if (!multiline) {
    return { ok: true, edits: [{ start: afterLast, end: afterLast, text: `, ${VERSION}` }], note }
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
            text: `${eol}${indent}${VERSION},`,
          },
        ],
        note,
      }
    : {
        ok: true,
        edits: [{ start: afterLast, end: afterLast, text: `,${eol}${indent}${VERSION}` }],
        note,
      }
}
