import { Node } from 'ts-morph'
import type { TextEdit } from './TextEdit'

/** What every comment the codemod writes starts with: easy to find, and to find again. */
export const COMMENT_PREFIX = '// confirmed-rpc migrate:'

/**
 * The edit that puts `// confirmed-rpc migrate: <text>` on its own line above the statement (or
 * class member) holding `node`, indented like it. Nothing when the same comment is already among
 * the `confirmed-rpc migrate` comments right above it, so that running the codemod again (or on
 * a file it already wrote) adds nothing. `pending` holds the comments planned for the file so
 * far, so that two calls left in one statement for the same reason get one comment.
 */
export function leaveComment(node: Node, text: string, pending: Set<string>): TextEdit | undefined {
  let anchor = node
  for (;;) {
    const parent = anchor.getParent()
    if (parent === undefined || isStatementContainer(parent)) break
    anchor = parent
  }
  const source = node.getSourceFile().getFullText()
  const lineStart = source.lastIndexOf('\n', anchor.getStart() - 1) + 1
  const indent = /^[ \t]*/.exec(source.slice(lineStart))?.[0] ?? ''
  const comment = `${COMMENT_PREFIX} ${text}`
  const key = `${lineStart}\u0000${comment}`
  if (pending.has(key) || existingComments(source, lineStart).includes(comment)) return undefined
  pending.add(key)
  const eol = source.includes('\r\n') ? '\r\n' : '\n'
  return { start: lineStart, end: lineStart, text: `${indent}${comment}${eol}` }
}

/** Nodes whose children are statements or members: a line comment can go above each child. */
function isStatementContainer(node: Node): boolean {
  return (
    Node.isBlock(node) ||
    Node.isSourceFile(node) ||
    Node.isModuleBlock(node) ||
    Node.isCaseClause(node) ||
    Node.isDefaultClause(node) ||
    Node.isClassDeclaration(node) ||
    Node.isClassExpression(node)
  )
}

/** The `confirmed-rpc migrate` comment lines directly above `lineStart`, trimmed. */
function existingComments(source: string, lineStart: number): string[] {
  const lines = source.slice(0, lineStart).split(/\r?\n/)
  lines.pop() // the empty piece after the last line break
  const comments: string[] = []
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = (lines[index] ?? '').trim()
    if (!line.startsWith(COMMENT_PREFIX)) break
    comments.push(line)
  }
  return comments
}
