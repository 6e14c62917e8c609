/**
 * Type-checks the examples of the docs and of the public API (`npm run check:docs`).
 *
 * - Every ```ts block of README.md and docs/*.md that imports from a package entry
 *   (`confirmed-rpc`, `confirmed-rpc/actions`, `confirmed-rpc/testing`, `confirmed-rpc/web3js`) is a complete example.
 *   Blocks without such an import are fragments of a longer example and are skipped.
 * - Every TSDoc `@example` in src/ is a complete example too, and may sit only on what an entry
 *   exports (or a member of it): internal helpers are read in their source, where an example
 *   would only go stale. Such an example is an error.
 *
 * Examples are written to node_modules/.cache/doc-examples/ with the package imports pointed at
 * the sources and compiled with the project's compiler options. Errors are reported at their
 * line in the Markdown or source file; the exit code is 1 when there is any.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import ts from 'typescript'

const root = resolve(import.meta.dirname, '..')
const outDir = resolve(root, 'node_modules/.cache/doc-examples')
const ENTRIES = {
  'confirmed-rpc': 'src/index.ts',
  'confirmed-rpc/actions': 'src/actions/index.ts',
  'confirmed-rpc/testing': 'src/testing/index.ts',
  'confirmed-rpc/web3js': 'src/web3js/index.ts',
  'confirmed-rpc/bullmq': 'src/bullmq/index.ts',
} as const
const docs = [
  'README.md',
  ...readdirSync(resolve(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
]

type Example = Readonly<{ doc: string; line: number; file: string }>

const PACKAGE_IMPORT = /from '(confirmed-rpc(?:\/actions|\/testing|\/web3js|\/bullmq)?)'/g
const toSource = (entry: keyof typeof ENTRIES) =>
  relative(outDir, resolve(root, ENTRIES[entry].replace(/\.ts$/, '')))

const config = ts.getParsedCommandLineOfConfigFile(
  resolve(root, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    },
  },
)
if (config === undefined) throw new Error('tsconfig.json could not be read')

rmSync(outDir, { recursive: true, force: true })
mkdirSync(outDir, { recursive: true })
const examples: Example[] = []
const problems: string[] = []

/** Writes one example as a module of its own, the package imports pointed at the sources. */
function addExample(doc: string, line: number, body: string): void {
  const file = resolve(outDir, `${doc.replace(/[/.]/g, '_')}_${line}.ts`)
  const code = body.replace(
    PACKAGE_IMPORT,
    (_, entry: keyof typeof ENTRIES) => `from '${toSource(entry)}'`,
  )
  // Same line numbers as in the doc; `export {}` makes every example a module.
  writeFileSync(file, `${code}\nexport {}\n`)
  examples.push({ doc, line, file })
}

for (const doc of docs) {
  const lines = readFileSync(resolve(root, doc), 'utf8').split('\n')
  for (let start = 0; start < lines.length; start++) {
    if (lines[start]?.trim() !== '```ts') continue
    const end = lines.findIndex((text, index) => index > start && text.trim() === '```')
    if (end === -1) break
    const body = lines.slice(start + 1, end).join('\n')
    if (body.match(PACKAGE_IMPORT)) addExample(doc, start + 2, body)
    start = end
  }
}

// What the entries export: the declarations behind each export, followed through re-exports.
const sources = ts.createProgram(
  config.fileNames.filter((name) => name.startsWith(resolve(root, 'src'))),
  { ...config.options, noEmit: true },
)
const checker = sources.getTypeChecker()
const publicDeclarations: ts.Declaration[] = []
for (const entry of Object.values(ENTRIES)) {
  const file = sources.getSourceFile(resolve(root, entry))
  const moduleSymbol = file && checker.getSymbolAtLocation(file)
  if (moduleSymbol === undefined) throw new Error(`${entry} is not a module`)
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
    publicDeclarations.push(...(symbol.declarations ?? []))
  }
}
const isPublic = (node: ts.Node): boolean =>
  // `export const X = ...` carries its TSDoc on the statement around the declaration.
  (ts.isVariableStatement(node) && node.declarationList.declarations.every(isPublic)) ||
  publicDeclarations.some(
    (declaration) =>
      declaration.getSourceFile() === node.getSourceFile() &&
      declaration.pos <= node.pos &&
      node.end <= declaration.end,
  )

const FENCE = /```ts\n([\s\S]*?)```/
for (const file of sources.getSourceFiles()) {
  const path = relative(root, file.fileName)
  if (!path.startsWith('src/')) continue
  const visit = (node: ts.Node): void => {
    for (const tag of ts.getJSDocTags(node)) {
      if (tag.tagName.text !== 'example' || tag.parent.parent !== node) continue
      const line = file.getLineAndCharacterOfPosition(tag.getStart(file)).line + 1
      if (!isPublic(node)) {
        problems.push(`${path}:${line} @example on an internal declaration: remove it`)
        continue
      }
      const text = ts.getTextOfJSDocComment(tag.comment) ?? ''
      const body = FENCE.exec(text)?.[1]
      if (body === undefined) {
        problems.push(`${path}:${line} @example without a \`\`\`ts block`)
        continue
      }
      // The code starts on the line after the fence, two lines below the tag.
      addExample(path, line + 2, body)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
}

// Examples may declare values they do not use again.
const program = ts.createProgram(
  examples.map((example) => example.file),
  { ...config.options, noEmit: true, noUnusedLocals: false, noUnusedParameters: false },
)
const byFile = new Map(examples.map((example) => [example.file, example]))
for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
  const example = diagnostic.file ? byFile.get(resolve(diagnostic.file.fileName)) : undefined
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ')
  if (example === undefined || diagnostic.file === undefined || diagnostic.start === undefined) {
    problems.push(`error: ${message}`)
    continue
  }
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
  problems.push(
    `${example.doc}:${example.line + line}:${character + 1} TS${diagnostic.code}: ${message}`,
  )
}
for (const problem of problems) console.log(problem)
console.log(`${examples.length} examples (docs and TSDoc), ${problems.length} errors`)
process.exitCode = problems.length === 0 ? 0 : 1
