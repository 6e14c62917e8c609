/**
 * Who imports what in the repository, read with the TypeScript parser: the module specifiers of
 * a file (test/package/entryImports.test.ts holds `src/cli/` and `src/bullmq/` to the entries),
 * and the exports of `src/` that no file imports (`npx tsx scripts/sourceImports.ts` lists them;
 * test/package/unusedExports.test.ts fails on one). An entry counts as an importer only of what
 * it re-exports: its own exports are the package's API.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** The package's entries: what `confirmed-rpc`, `/actions`, `/testing`, `/web3js`, `/bullmq` export. */
export const ENTRIES: readonly string[] = [
  'src/index.ts',
  'src/actions/index.ts',
  'src/testing/index.ts',
  'src/web3js/index.ts',
  'src/bullmq/index.ts',
]

// The folders whose files may import from src/ (`examples/` is the docs' code, run by a test).
const IMPORTER_FOLDERS = ['src', 'test', 'scripts', 'bench', 'examples']

/** One import of a file: the specifier, and the names it takes (`*` for all of them). */
export type ImportUse = Readonly<{ specifier: string; names: readonly string[] }>

/** A file's module specifiers with the names each takes, and the names the file exports. */
export type ModuleFacts = Readonly<{ imports: readonly ImportUse[]; exports: readonly string[] }>

function isExported(node: ts.Node): boolean {
  return (
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  )
}

function declaredNames(node: ts.Statement): string[] {
  if (ts.isVariableStatement(node)) {
    return node.declarationList.declarations.flatMap((d) =>
      ts.isIdentifier(d.name) ? [d.name.text] : [],
    )
  }
  const name = (node as { name?: ts.Node }).name
  return name !== undefined && ts.isIdentifier(name) ? [name.text] : []
}

function importedNames(node: ts.ImportDeclaration): string[] {
  const clause = node.importClause
  if (clause === undefined) return []
  const names = clause.name === undefined ? [] : ['default']
  const bindings = clause.namedBindings
  if (bindings === undefined) return names
  if (ts.isNamespaceImport(bindings)) return ['*']
  return [...names, ...bindings.elements.map((e) => (e.propertyName ?? e.name).text)]
}

function reExport(node: ts.ExportDeclaration): Readonly<{ uses: string[]; names: string[] }> {
  const clause = node.exportClause
  if (clause === undefined) return { uses: ['*'], names: [] }
  if (ts.isNamespaceExport(clause)) return { uses: ['*'], names: [clause.name.text] }
  return {
    uses: clause.elements.map((e) => (e.propertyName ?? e.name).text),
    names: clause.elements.map((e) => e.name.text),
  }
}

// `import('x')` as a value takes whatever is read from it: all of its names.
function dynamicImports(source: ts.SourceFile): ImportUse[] {
  const found: ImportUse[] = []
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, names: ['*'] })
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      const name = node.qualifier === undefined ? '*' : node.qualifier.getText(source)
      found.push({ specifier: node.argument.literal.text, names: [name.split('.')[0] ?? '*'] })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** What a file imports (each specifier with the names taken) and what it exports. */
export function readModule(text: string, fileName = 'file.ts'): ModuleFacts {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const imports: ImportUse[] = []
  const exports: string[] = []
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      imports.push({ specifier: node.moduleSpecifier.text, names: importedNames(node) })
    } else if (ts.isExportDeclaration(node)) {
      const { uses, names } = reExport(node)
      if (node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
        imports.push({ specifier: node.moduleSpecifier.text, names: uses })
      }
      exports.push(...names)
    } else if (ts.isExportAssignment(node)) {
      exports.push('default')
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      imports.push({ specifier: node.moduleReference.expression.text, names: ['*'] })
    } else if (isExported(node)) {
      const isDefault = (ts.getModifiers(node as ts.HasModifiers) ?? []).some(
        (m) => m.kind === ts.SyntaxKind.DefaultKeyword,
      )
      exports.push(...(isDefault ? ['default'] : declaredNames(node)))
    }
  }
  return { imports: [...imports, ...dynamicImports(source)], exports }
}

/** The repository file (relative path) a relative specifier names from `file`, if it is one. */
export function resolveSpecifier(
  file: string,
  specifier: string,
  exists: (path: string) => boolean = (path) => existsSync(join(ROOT, path)),
): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const base = relative(ROOT, resolve(ROOT, dirname(file), specifier.replace(/\.js$/, '')))
  return [base, `${base}.ts`, `${base}/index.ts`].find(
    (candidate) => candidate.endsWith('.ts') && exists(candidate),
  )
}

/** Every `.ts` file (not `.d.ts`) of the folders that may import from `src/`, relative paths. */
export function repositoryFiles(): Map<string, string> {
  const files = new Map<string, string>()
  for (const folder of IMPORTER_FOLDERS) {
    if (!existsSync(join(ROOT, folder))) continue
    for (const name of readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(name) || name.endsWith('.d.ts') || name.includes('node_modules')) continue
      const path = `${folder}/${name}`
      files.set(path, readFileSync(join(ROOT, path), 'utf8'))
    }
  }
  return files
}

/**
 * The exports of `src/` files that no other file imports, as `file: name`: `files` maps each
 * repository path to its text. Entries are left out (their exports are the API); a name one of
 * them re-exports counts as imported. A namespace import or `import()` takes every name.
 */
export function unusedExports(files: ReadonlyMap<string, string>): string[] {
  const facts = new Map([...files].map(([path, text]) => [path, readModule(text, path)]))
  const used = new Map<string, Set<string>>()
  for (const [path, { imports }] of facts) {
    for (const { specifier, names } of imports) {
      const target = resolveSpecifier(path, specifier, (candidate) => files.has(candidate))
      if (target === undefined || target === path) continue
      const taken = used.get(target) ?? new Set<string>()
      for (const name of names) taken.add(name)
      used.set(target, taken)
    }
  }
  const unused: string[] = []
  for (const [path, { exports }] of facts) {
    if (!path.startsWith('src/') || ENTRIES.includes(path)) continue
    const taken = used.get(path) ?? new Set<string>()
    if (taken.has('*')) continue
    for (const name of exports) if (!taken.has(name)) unused.push(`${path}: ${name}`)
  }
  return unused.sort()
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const unused = unusedExports(repositoryFiles())
  for (const line of unused) console.log(line)
  console.log(`${unused.length} exports of src/ that no file imports`)
  process.exitCode = unused.length === 0 ? 0 : 1
}
