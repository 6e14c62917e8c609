import { Node, type SourceFile } from 'ts-morph'
import { applyTextEdits } from './applyTextEdits'
import { classifyReceiver } from './classifyReceiver'
import { type ConnectionSubclass, visibleConnectionSubclasses } from './connectionSubclasses'
import { type DeprecatedMethodSpec, methodSpec } from './deprecatedMethods'
import { findMethodReferences, type MethodReference } from './findMethodReferences'
import { findResultShapeUse } from './findResultShapeUse'
import { findTestDoubles, type TestDouble } from './findTestDoubles'
import { shortText } from './formatMigrateReport'
import { leaveComment } from './leaveComment'
import { planConfigArgument } from './planConfigArgument'
import type { MigrateFinding, TextEdit } from './types'

/** What {@link migrateSourceFile} needs to know beyond the file. */
type MigrateSourceFileOptions = Readonly<{
  /** The path shown in findings. */
  displayPath: string
  /** The project's `exactOptionalPropertyTypes`: `{ commitment: undefined }` is then an error. */
  exactOptionalPropertyTypes: boolean
  /** The `maxSupportedTransactionVersion` to write: what the project's web3.js reads. */
  transactionVersion: 0 | 1
  /** The Connection subclasses each file can see, found once per file in a run. */
  subclassCache: Map<SourceFile, readonly ConnectionSubclass[]>
}>

/** The file's new text, a finding per reference and double, and whether a version was written. */
type SourceFileMigration = {
  rewritten: string
  findings: MigrateFinding[]
  versionWritten: boolean
}

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
): SourceFileMigration {
  const edits: TextEdit[] = []
  const findings: MigrateFinding[] = []
  const comments = new Set<string>()
  let versionWritten = false
  for (const reference of findMethodReferences(sourceFile)) {
    const spec = methodSpec(reference.method)
    const { line, column } = sourceFile.getLineAndColumnAtPos(reference.name.getStart())
    const finding = (outcome: MigrateFinding['outcome'], detail: string, receiverName?: string) =>
      findings.push({
        file: options.displayPath,
        line,
        column,
        method: reference.method,
        replacement: spec.replacement,
        outcome,
        detail,
        ...(receiverName === undefined ? {} : { receiverName }),
      })
    const receiver = classifyReceiver(
      reference.access.getExpression(),
      reference.method,
      spec.replacement,
      visibleConnectionSubclasses(sourceFile, options.subclassCache),
    )
    if (receiver.match === 'other') {
      finding('ignored', receiver.detail)
      continue
    }
    const outcome =
      receiver.match === 'override'
        ? leave(
            reference.method,
            receiver.certain
              ? `${receiver.detail}: a rename would run other code; port those first`
              : `${receiver.detail}: if it is one, a rename runs other code; rename by hand where it cannot be`,
          )
        : planReference(reference, options)
    const byName = receiver.match === 'name' ? receiver.name : undefined
    if (outcome.ok) {
      edits.push(...outcome.edits)
      versionWritten ||= outcome.versionWritten
      finding('rewritten', outcome.note, byName)
    } else {
      const comment = leaveComment(reference.access, outcome.comment, comments)
      if (comment !== undefined) edits.push(comment)
      finding('left', outcome.reason, byName)
    }
  }
  for (const double of findTestDoubles(sourceFile)) {
    const { line, column } = sourceFile.getLineAndColumnAtPos(double.name.getStart())
    const spec = methodSpec(double.method)
    findings.push({
      file: options.displayPath,
      line,
      column,
      method: double.method,
      replacement: spec.replacement,
      outcome: 'double',
      detail: describeDouble(double, spec),
    })
  }
  findings.sort((a, b) => a.line - b.line || a.column - b.column)
  return { rewritten: applyTextEdits(sourceFile.getFullText(), edits), findings, versionWritten }
}

/**
 * What a test double must become once the calls move: nothing yet where the calls are never
 * rewritten; removed where the same double already stands in for the replacement (adding one
 * would be a duplicate member); else made to stand in for the replacement.
 */
function describeDouble(double: TestDouble, spec: DeprecatedMethodSpec): string {
  const declared = double.via === undefined ? '' : ` (${double.via})`
  const what = `\`${double.text}\`${declared} stands in for ${double.method}`
  const target = spec.replacement
  if (spec.rewrite === 'none') {
    return `${what}, whose calls are not rewritten (see their comments): change it with them`
  }
  if (double.replacementAt !== undefined) {
    return `${what} and already for ${target} (${double.replacementAt}): once the code calls ${target}, remove this one`
  }
  const result = spec.changedResult === undefined ? '' : `, returning what ${target} returns`
  return `${what}; once the code calls ${target} it intercepts nothing: make it stand in for ${target}${result}`
}

type ReferencePlan =
  | Readonly<{ ok: true; edits: readonly TextEdit[]; note: string; versionWritten: boolean }>
  | Readonly<{ ok: false; reason: string; comment: string }>

/** `(line 12)`, `(relay.ts:12)`: where a declaration is, in a report line. */
const LOCATION = / \((?:line \d+|[^\s()]+:\d+)\)/g

/**
 * A call left, with why. Its comment says the same without line numbers, which the comments
 * inserted above would shift (a second run must find its own comment again).
 */
function leave(method: string, reason: string): ReferencePlan {
  return { ok: false, reason, comment: `${method} kept: ${reason.replace(LOCATION, '')}` }
}

/** The edits for one reference on a `Connection`, or why it stays (and its comment). */
function planReference(
  reference: MethodReference,
  options: MigrateSourceFileOptions,
): ReferencePlan {
  const { access, method, name } = reference
  const spec = methodSpec(method)
  const target = spec.replacement
  if (spec.rewrite === 'none') {
    return leave(method, (spec.why ?? '').replace('{version}', String(options.transactionVersion)))
  }
  const call = access.getParent()
  if (!Node.isCallExpression(call) || call.getExpression() !== access) {
    return leave(
      method,
      `referenced without being called (\`${shortText(access.getParent() ?? access)}\`): move it to ${target} by hand`,
    )
  }
  const args = call.getArguments()
  const [first, second] = args
  const needsFirst = spec.rewrite === 'versioned'
  if (
    (needsFirst && first === undefined) ||
    args.length > spec.maxArguments ||
    args.some(Node.isSpreadElement)
  ) {
    return leave(
      method,
      `called with unexpected arguments (\`${shortText(call)}\`): move it to ${target} by hand`,
    )
  }
  if (spec.changedResult !== undefined) {
    const use = findResultShapeUse(call, spec.changedResult)
    if (use !== undefined) {
      const part = spec.changedResult.at(-1)
      return use.kind === 'read'
        ? leave(method, `${use.detail}; ${spec.change}`)
        : leave(
            method,
            `${use.detail}, so whether its \`${part}\` is read is unknown; ${spec.change}`,
          )
    }
  }
  // The name: the identifier, or the text inside the quotes of `x['name']`.
  const rename: TextEdit = Node.isIdentifier(name)
    ? { start: name.getStart(), end: name.getEnd(), text: target }
    : { start: name.getStart() + 1, end: name.getEnd() - 1, text: target }
  if (spec.rewrite === 'rename' || first === undefined) {
    return { ok: true, edits: [rename], note: spec.result ?? '', versionWritten: false }
  }
  const config = planConfigArgument(
    first,
    second,
    options.exactOptionalPropertyTypes,
    options.transactionVersion,
  )
  if (!config.ok) return leave(method, config.reason)
  return {
    ok: true,
    edits: [rename, ...config.edits],
    note: `${config.note}; ${spec.result}`,
    versionWritten: config.edits.length > 0,
  }
}
