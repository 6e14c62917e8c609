import { Node } from 'ts-morph'
import type { TextEdit } from './types'

/** What every comment the codemod writes starts with: easy to find, and to find again. */
const COMMENT_PREFIX = '// confirmed-rpc migrate:'

/** The column a comment's lines stop before, indentation included (as a formatter would wrap). */
const COMMENT_WIDTH = 100

/** How the lines after a comment's first one start. */
const CONTINUATION = '//   '

/**
 * The edit that puts `// confirmed-rpc migrate: <text>` above the statement (or class member)
 * holding `node`, indented like it and wrapped into `//` lines of at most 100 columns (the
 * following ones indented by two more spaces). Nothing when the same comment is already among
 * the comment lines right above it, so that running the codemod again (or on a file it already
 * wrote) adds nothing. `pending` holds the comments planned for the file so far, so that two
 * calls left in one statement for the same reason get one comment.
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
  const lines = wrapComment(text, COMMENT_WIDTH - indent.length)
  const key = `${lineStart}\u0000${lines.join('\n')}`
  if (pending.has(key) || hasCommentAbove(source, lineStart, lines)) return undefined
  pending.add(key)
  const eol = source.includes('\r\n') ? '\r\n' : '\n'
  return {
    start: lineStart,
    end: lineStart,
    text: lines.map((line) => `${indent}${line}${eol}`).join(''),
  }
}

/**
 * The comment's lines: `// confirmed-rpc migrate: ...` then `//   ...`, each within `width`
 * columns where its words allow. Words break at spaces outside backticks, so that quoted code
 * (`{ commitment, maxSupportedTransactionVersion: 1 }`) stays on one line; a word longer than a
 * line gets one of its own.
 */
function wrapComment(text: string, width: number): string[] {
  const lines: string[] = []
  let line = COMMENT_PREFIX
  for (const word of splitWords(text)) {
    if (line.length + 1 + word.length > width && line.length > CONTINUATION.length) {
      lines.push(line)
      line = `${CONTINUATION}${word}`
    } else {
      line = `${line} ${word}`
    }
  }
  lines.push(line)
  return lines
}

/** The words of a text: split at spaces, but not at those inside a `code span`. */
function splitWords(text: string): string[] {
  const words: string[] = []
  let word = ''
  let quoted = false
  for (const char of text) {
    if (char === '`') quoted = !quoted
    if (char === ' ' && !quoted) {
      if (word !== '') words.push(word)
      word = ''
    } else {
      word += char
    }
  }
  if (word !== '') words.push(word)
  return words
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

/** Whether `lines` (trimmed) run together among the `//` lines directly above `lineStart`. */
function hasCommentAbove(source: string, lineStart: number, lines: readonly string[]): boolean {
  const above = source.slice(0, lineStart).split(/\r?\n/)
  above.pop() // the empty piece after the last line break
  const comments: string[] = []
  for (let index = above.length - 1; index >= 0; index--) {
    const line = (above[index] ?? '').trim()
    if (!line.startsWith('//')) break
    comments.unshift(line)
  }
  return comments.some((_, start) => lines.every((line, at) => comments[start + at] === line))
}
