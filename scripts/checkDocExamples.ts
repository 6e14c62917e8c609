/**
 * Type-checks the examples in README.md and docs/*.md (`npm run check:docs`).
 *
 * Every ```ts block that imports from 'confirmed-rpc' or 'confirmed-rpc/testing' is a complete
 * example: it is written to node_modules/.cache/doc-examples/ with those imports pointed at the
 * sources, and compiled with the project's compiler options. Blocks without such an import are
 * fragments of a longer example and are skipped. Errors are reported at their line in the
 * Markdown file; the exit code is 1 when there is any.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import ts from 'typescript'

const root = resolve(import.meta.dirname, '..')
const outDir = resolve(root, 'node_modules/.cache/doc-examples')
const docs = [
  'README.md',
  ...readdirSync(resolve(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
]

type Example = Readonly<{ doc: string; line: number; file: string }>

const PACKAGE_IMPORT = /from '(confirmed-rpc(?:\/testing)?)'/g
const toSource = (entry: string) =>
  relative(outDir, resolve(root, entry.endsWith('/testing') ? 'src/testing/index' : 'src/index'))

rmSync(outDir, { recursive: true, force: true })
mkdirSync(outDir, { recursive: true })
const examples: Example[] = []
for (const doc of docs) {
  const lines = readFileSync(resolve(root, doc), 'utf8').split('\n')
  for (let start = 0; start < lines.length; start++) {
    if (lines[start]?.trim() !== '```ts') continue
    const end = lines.findIndex((text, index) => index > start && text.trim() === '```')
    if (end === -1) break
    const body = lines.slice(start + 1, end).join('\n')
    if (body.match(PACKAGE_IMPORT)) {
      const file = resolve(outDir, `${doc.replace(/[/.]/g, '_')}_${start + 2}.ts`)
      // Same line numbers as in the doc; `export {}` makes every example a module.
      const code = body.replace(PACKAGE_IMPORT, (_, entry: string) => `from '${toSource(entry)}'`)
      writeFileSync(file, `${code}\nexport {}\n`)
      examples.push({ doc, line: start + 2, file })
    }
    start = end
  }
}

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
// Examples may declare values they do not use again.
const options = {
  ...config.options,
  noEmit: true,
  noUnusedLocals: false,
  noUnusedParameters: false,
}
const program = ts.createProgram(
  examples.map((example) => example.file),
  options,
)
const byFile = new Map(examples.map((example) => [example.file, example]))
let errors = 0
for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
  const example = diagnostic.file ? byFile.get(resolve(diagnostic.file.fileName)) : undefined
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ')
  errors++
  if (example === undefined || diagnostic.file === undefined || diagnostic.start === undefined) {
    console.log(`error: ${message}`)
    continue
  }
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
  console.log(
    `${example.doc}:${example.line + line}:${character + 1} TS${diagnostic.code}: ${message}`,
  )
}
console.log(`${examples.length} examples in ${docs.length} files, ${errors} errors`)
process.exitCode = errors === 0 ? 0 : 1
