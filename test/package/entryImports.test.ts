import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { ts } from 'ts-morph'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

/** The package's entries: what `confirmed-rpc`, `/actions`, `/testing`, `/web3js`, `/bullmq` export. */
export const ENTRIES: readonly string[] = [
  'src/index.ts',
  'src/actions/index.ts',
  'src/testing/index.ts',
  'src/web3js/index.ts',
  'src/bullmq/index.ts',
]

/**
 * The one module outside the entries that `src/bullmq/` reads: the option checks every public
 * function runs (docs/architecture.md, "one option-check style"). The backfill's options are the
 * library's own (a walk's, a transport's budget) and are refused with the same messages; the
 * readers are no API an app needs, so no entry exports them.
 */
const BULLMQ_OPTION_CHECKS: readonly string[] = ['src/params/readFields.ts']

/** Every module specifier in a file: imports and re-exports (type-only too), `import()`, `import('x').T`. */
export function specifiersOf(text: string, fileName = 'file.ts'): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text)
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push(node.moduleReference.expression.text)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text)
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The file a relative specifier names, relative to the repository; undefined for a package. */
function targetOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const base = resolve(root, dirname(file), specifier)
  const match = [base, `${base}.ts`, `${base}/index.ts`].find(
    (candidate) => candidate.endsWith('.ts') && existsSync(candidate),
  )
  return relative(root, match ?? base)
}

/**
 * The imports of a file under `src/<tree>/` that reach a `src/` module outside that tree and not
 * an entry (or, for `bullmq/`, the option checks), each as `file: specifier`.
 */
export function strayImports(file: string, text: string): string[] {
  const tree = /^src\/[^/]+\//.exec(file)?.[0]
  if (tree === undefined) throw new Error(`${file} is not in a folder of src/`)
  const allowed = new Set(tree === 'src/bullmq/' ? [...ENTRIES, ...BULLMQ_OPTION_CHECKS] : ENTRIES)
  return specifiersOf(text, file)
    .filter((specifier) => {
      const target = targetOf(file, specifier)
      return (
        target !== undefined &&
        target.startsWith('src/') &&
        !target.startsWith(tree) &&
        !allowed.has(target)
      )
    })
    .map((specifier) => `${file}: ${specifier}`)
}

function filesOf(folder: string): string[] {
  return readdirSync(resolve(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${folder}/${name}`)
    .sort()
}

describe('the check', () => {
  it('names the file and specifier of every kind of import that leaves the tree', () => {
    const text = [
      "import { redactUrl } from '../../transport/redact'",
      "import type { HistoryCheckpoint } from '../../history/types'",
      "export { createClient } from '../../client'",
      "import { createClient as made } from '../../index'",
      "import type { WalletCheckpoint } from '../../actions/index'",
      "import { parseCommandArgs } from '../command/parseCommandArgs'",
      "import { Worker } from 'bullmq'",
      "const ledger = () => import('../../testing/createMockLedger')",
      "type State = import('../../testing/ledger/types').LedgerState",
    ].join('\n')
    expect(strayImports('src/cli/history/planted.ts', text)).toEqual([
      'src/cli/history/planted.ts: ../../transport/redact',
      'src/cli/history/planted.ts: ../../history/types',
      'src/cli/history/planted.ts: ../../client',
      'src/cli/history/planted.ts: ../../testing/createMockLedger',
      'src/cli/history/planted.ts: ../../testing/ledger/types',
    ])
  })

  it('lets bullmq/ read the option checks and the other entries, nothing else', () => {
    const text = [
      "import { readFields } from '../params/readFields'",
      "import { rangeWalker } from '../index'",
      "import { redactUrl } from '../transport/redact'",
    ].join('\n')
    expect(strayImports('src/bullmq/planted.ts', text)).toEqual([
      'src/bullmq/planted.ts: ../transport/redact',
    ])
    expect(strayImports('src/cli/planted.ts', "import { x } from '../params/readFields'")).toEqual([
      'src/cli/planted.ts: ../params/readFields',
    ])
  })
})

// The CLI is an app of the package and the backfill is built on it: each imports what the
// package's entries export (and its own folder), so that neither leans on a helper a user could
// not reach, and the entries stay the API the rest of the repository is built on.
it.each(['src/cli', 'src/bullmq'])(
  '%s imports only the package entries outside itself',
  (folder) => {
    const stray = filesOf(folder).flatMap((file) =>
      strayImports(file, readFileSync(resolve(root, file), 'utf8')),
    )
    expect(stray).toEqual([])
  },
)
