import { readFileSync } from 'node:fs'
import { createMigrateProject } from './createMigrateProject'
import type { FileMigration } from './FileMigration'
import { migrateSourceFile } from './migrateSourceFile'
import type { TsMorph } from './TsMorph'
import { toDisplayPath } from './toDisplayPath'

const BOM = '\uFEFF'

/** What {@link migrateFiles} needs. */
export type MigrateFilesOptions = Readonly<{
  /** Absolute paths of the source files. */
  files: readonly string[]
  /** The directory paths are shown relative to, and the nearest tsconfig.json is found from. */
  cwd: string
  /** `--project`: the tsconfig.json to take compiler options from. */
  tsconfig: string | undefined
  tsMorph: TsMorph
}>

/** The files after the codemod, in memory, and the tsconfig.json the options came from. */
export type MigratedFiles = Readonly<{
  migrations: readonly FileMigration[]
  /** Absolute path, or undefined when defaults were used. */
  tsconfig: string | undefined
}>

/**
 * Runs the codemod over files in memory: all of them in one ts-morph project (one type checker,
 * web3.js's declarations read once). Nothing is written. A file that cannot be read or has
 * syntax errors comes back unchanged with `error` set; a file from which `@solana/web3.js`
 * cannot be resolved comes back with `typesUnavailable` set (its receivers were then matched by
 * name). A leading byte order mark is kept out of the texts (`bom` tells the writer).
 */
export function migrateFiles(options: MigrateFilesOptions): MigratedFiles {
  const { tsMorph, cwd } = options
  const { ts } = tsMorph
  const { project, tsconfig } = createMigrateProject(tsMorph, cwd, options.tsconfig)
  const compilerOptions = project.getCompilerOptions()
  const exactOptionalPropertyTypes = compilerOptions.exactOptionalPropertyTypes === true
  const migrations: FileMigration[] = []
  const loaded = []
  for (const path of options.files) {
    const displayPath = toDisplayPath(cwd, path)
    let raw: string
    try {
      raw = readFileSync(path, 'utf8')
    } catch (error) {
      const message = `cannot be read: ${(error as Error).message}`
      migrations.push({
        path,
        displayPath,
        original: '',
        rewritten: '',
        findings: [],
        error: message,
      })
      continue
    }
    const bom = raw.startsWith(BOM)
    const text = bom ? raw.slice(BOM.length) : raw
    const sourceFile = project.createSourceFile(path, text, { overwrite: true })
    loaded.push({ path, displayPath, text, bom, sourceFile })
  }
  const program = project.getProgram()
  for (const { path, displayPath, text, bom, sourceFile } of loaded) {
    const unchanged = { path, displayPath, original: text, rewritten: text, bom, findings: [] }
    const [syntaxError] = program.getSyntacticDiagnostics(sourceFile)
    if (syntaxError !== undefined) {
      const line = syntaxError.getLineNumber()
      const message = ts
        .flattenDiagnosticMessageText(syntaxError.compilerObject.messageText, ' ')
        .replace(/\.$/, '')
      const where = line === undefined ? '' : ` at line ${line}`
      migrations.push({ ...unchanged, error: `syntax error${where}: ${message}; left as it is` })
      continue
    }
    const web3 = ts.resolveModuleName('@solana/web3.js', path, compilerOptions, ts.sys)
    const typesUnavailable =
      web3.resolvedModule === undefined
        ? '@solana/web3.js cannot be resolved from this file'
        : undefined
    const { rewritten, findings } = migrateSourceFile(sourceFile, {
      displayPath,
      exactOptionalPropertyTypes,
      typesUnavailable,
    })
    migrations.push({
      ...unchanged,
      rewritten,
      findings,
      ...(typesUnavailable === undefined ? {} : { typesUnavailable }),
    })
  }
  migrations.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return { migrations, tsconfig }
}
