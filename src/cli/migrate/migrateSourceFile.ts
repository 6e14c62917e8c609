import { Node, type SourceFile } from 'ts-morph'
import { applyTextEdits } from './applyTextEdits'
import { classifyReceiver } from './classifyReceiver'
import { DEPRECATED_METHODS } from './deprecatedMethods'
import { findMethodReferences, findTestDoubles, type MethodReference } from './findMethodReferences'
import { findResultShapeUse } from './findResultShapeUse'
import { shortText } from './formatMigrateReport'
import { planConfigArgument } from './planConfigArgument'
import type { MigrateFinding, TextEdit } from './types'

/** What {@link migrateSourceFile} needs to know beyond the file. */
type MigrateSourceFileOptions = Readonly<{
  /** The path shown in findings. */
  displayPath: string
  /** The project's `exactOptionalPropertyTypes`: `{ commitment: undefined }` is then an error. */
  exactOptionalPropertyTypes: boolean
  /** Why receivers' types are unknown in this file (web3.js not found), for the report. */
  typesUnavailable?: string | undefined
}>

/**
 * Rewrites the deprecated web3.js v1 `Connection` calls of one file (see DEPRECATED_METHODS)
 * and returns the new text with a finding per reference: rewritten, left (with a
 * `// confirmed-rpc migrate:` comment above it saying why) or ignored (not a `Connection`), and
 * one per test double that names a deprecated method (reported only; see findTestDoubles).
 * The file's syntax tree is only read; the edits are applied to its text.
 */
export function migrateSourceFile(
  sourceFile: SourceFile,
  options: MigrateSourceFileOptions,
): { rewritten: string; findings: MigrateFinding[] } {
  const edits: TextEdit[] = []
  const findings: MigrateFinding[] = []
  const comments = new Set<string>()
  for (const reference of findMethodReferences(sourceFile)) {
    const { line, column } = sourceFile.getLineAndColumnAtPos(reference.name.getStart())
    const finding = (outcome: MigrateFinding['outcome'], detail: string) =>
      findings.push({
        file: options.displayPath,
        line,
        column,
        method: reference.method,
        replacement: DEPRECATED_METHODS[reference.method].replacement,
        outcome,
        detail,
      })
    const receiver = classifyReceiver(reference.access.getExpression(), reference.method)
    if (receiver.match === 'other') {
      finding('ignored', receiver.detail)
      continue
    }
    const matchedBy =
      receiver.match === 'name'
        ? ` (receiver matched by its name \`${receiver.name}\`${options.typesUnavailable === undefined ? ': its type is unknown' : ''})`
        : ''
    const outcome = planReference(reference, options.exactOptionalPropertyTypes)
    if (outcome.ok) {
      edits.push(...outcome.edits)
      finding('rewritten', `${outcome.note}${matchedBy}`)
    } else {
      const comment = leaveComment(reference.access, outcome.comment, comments)
      if (comment !== undefined) edits.push(comment)
      finding('left', `${outcome.reason}${matchedBy}`)
    }
  }
  for (const double of findTestDoubles(sourceFile)) {
    const { line, column } = sourceFile.getLineAndColumnAtPos(double.name.getStart())
    const spec = DEPRECATED_METHODS[double.method]
    const result = spec.resultShapeChanges ? `, and return what ${spec.replacement} returns` : ''
    findings.push({
      file: options.displayPath,
      line,
      column,
      method: double.method,
      replacement: spec.replacement,
      outcome: 'double',
      detail: `\`${double.text}\` stands in for ${double.method}; once the code calls ${spec.replacement} it intercepts nothing: make it stand in for ${spec.replacement}${result}`,
    })
  }
  findings.sort((a, b) => a.line - b.line || a.column - b.column)
  return { rewritten: applyTextEdits(sourceFile.getFullText(), edits), findings }
}

type ReferencePlan =
  | Readonly<{ ok: true; edits: readonly TextEdit[]; note: string }>
  | Readonly<{ ok: false; reason: string; comment: string }>

/** The edits for one reference on a `Connection`, or why it stays (and its comment). */
function planReference(
  reference: MethodReference,
  exactOptionalPropertyTypes: boolean,
): ReferencePlan {
  const { access, method, name } = reference
  const spec = DEPRECATED_METHODS[method]
  const target = spec.replacement
  const leave = (reason: string): ReferencePlan => ({
    ok: false,
    reason,
    comment: `${method} kept: ${reason}`,
  })
  if (spec.config === 'none') return leave(spec.why)
  const call = access.getParent()
  if (!Node.isCallExpression(call) || call.getExpression() !== access) {
    return leave(
      `referenced without being called (\`${shortText(access.getParent() ?? access)}\`): move it to ${target} by hand`,
    )
  }
  const args = call.getArguments()
  const [first, second] = args
  if (first === undefined || args.length > spec.maxArguments || args.some(Node.isSpreadElement)) {
    return leave(
      `called with unexpected arguments (\`${shortText(call)}\`): move it to ${target} by hand`,
    )
  }
  if (spec.resultShapeChanges) {
    const use = findResultShapeUse(call)
    if (use !== undefined) {
      const change = `${target} resolves \`transaction\` to { message, signatures }, not a web3.js Transaction`
      return use.kind === 'transaction'
        ? leave(`${use.detail}, and ${change}`)
        : leave(
            `${use.detail}, so the codemod cannot see whether its \`transaction\` is read; ${change}`,
          )
    }
  }
  // The name: the identifier, or the text inside the quotes of `x['name']`.
  const rename: TextEdit = Node.isIdentifier(name)
    ? { start: name.getStart(), end: name.getEnd(), text: target }
    : { start: name.getStart() + 1, end: name.getEnd() - 1, text: target }
  if (spec.config === 'rename') {
    return { ok: true, edits: [rename], note: 'same arguments, same result type' }
  }
  const config = planConfigArgument(first, second, exactOptionalPropertyTypes)
  if (!config.ok) return leave(config.reason)
  return { ok: true, edits: [rename, ...config.edits], note: config.note }
}

/** What every comment the codemod writes starts with: easy to find, and to find again. */
const COMMENT_PREFIX = '// confirmed-rpc migrate:'

/**
 * The edit that puts `// confirmed-rpc migrate: <text>` on its own line above the statement (or
 * class member) holding `node`, indented like it. Nothing when the same comment is already among
 * the `confirmed-rpc migrate` comments right above it, so that running the codemod again (or on
 * a file it already wrote) adds nothing. `pending` holds the comments planned for the file so
 * far, so that two calls left in one statement for the same reason get one comment.
 */
function leaveComment(node: Node, text: string, pending: Set<string>): TextEdit | undefined {
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
