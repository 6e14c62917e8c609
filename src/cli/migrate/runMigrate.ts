import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { relative, resolve, sep } from 'node:path'
import type { Project, SourceFile } from 'ts-morph'
import { EXIT_CODES, UsageError } from '../command/process'
import type { CliIo } from '../command/types'
import type { ConnectionSubclass } from './connectionSubclasses'
import { formatMigrateReport, formatUnifiedDiff } from './formatMigrateReport'
import { createWeb3VersionReader } from './installedWeb3Version'
import { migrateSourceFile } from './migrateSourceFile'
import type { FileMigration, TsMorph } from './types'

const BOM = '\uFEFF'

/** The checked arguments of `confirmed-rpc migrate`, for {@link runMigrate}. */
export type RunMigrateOptions = Readonly<{
  /** Absolute paths of the source files to migrate. */
  files: readonly string[]
  /** Write the changes in place (`--write`) instead of printing a diff. */
  write: boolean
  /** `--project`: the tsconfig.json to take compiler options from. */
  tsconfig: string | undefined
  /** The loaded ts-morph module. */
  tsMorph: TsMorph
}>

/**
 * The body of `confirmed-rpc migrate` once its arguments are checked: every file is rewritten
 * in memory first; then the diff goes to stdout (or, with `write`, the changed files are
 * written in place) and the report to stderr. Returns 1 when a file could not be read,
 * parsed or written (the others were still handled), else 0.
 */
export function runMigrate(options: RunMigrateOptions, io: CliIo): number {
  const { migrations, tsconfig } = migrateFiles({
    files: options.files,
    cwd: io.cwd,
    tsconfig: options.tsconfig,
    tsMorph: options.tsMorph,
  })
  const changed = migrations.filter((file) => file.rewritten !== file.original)
  const writeErrors = new Map<string, string>()
  for (const file of changed) {
    if (!options.write) {
      io.stdout(formatUnifiedDiff(file.displayPath, file.original, file.rewritten))
      continue
    }
    try {
      writeFileSync(file.path, (file.bom === true ? BOM : '') + file.rewritten)
    } catch (error) {
      writeErrors.set(file.path, (error as Error).message)
    }
  }
  io.stderr(
    formatMigrateReport(migrations, {
      tsconfig: tsconfig === undefined ? undefined : toDisplayPath(io.cwd, tsconfig),
      write: options.write,
      writeErrors,
    }),
  )
  const failed = writeErrors.size > 0 || migrations.some((file) => file.error !== undefined)
  return failed ? EXIT_CODES.failure : EXIT_CODES.ok
}

/** What {@link migrateFiles} needs. */
type MigrateFilesOptions = Readonly<{
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
 * name). A leading byte order mark is kept out of the texts (`bom` tells the writer). The
 * `maxSupportedTransactionVersion` written in a file is the one its project's web3.js reads
 * (see createWeb3VersionReader).
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
  const readWeb3Version = createWeb3VersionReader()
  const subclassCache = new Map<SourceFile, readonly ConnectionSubclass[]>()
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
    const web3Version = readWeb3Version(path, web3.resolvedModule?.packageId?.version)
    const { rewritten, findings, versionWritten } = migrateSourceFile(sourceFile, {
      displayPath,
      exactOptionalPropertyTypes,
      transactionVersion: web3Version.transactionVersion,
      subclassCache,
    })
    migrations.push({
      ...unchanged,
      rewritten,
      findings,
      web3Version,
      versionWritten,
      ...(typesUnavailable === undefined ? {} : { typesUnavailable }),
    })
  }
  migrations.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return { migrations, tsconfig }
}

/** The ts-morph project the codemod reads files with, and the tsconfig.json it took options from. */
type MigrateProject = Readonly<{ project: Project; tsconfig: string | undefined }>

/**
 * Creates the project whose type checker tells a web3.js `Connection` from any other receiver.
 * Compiler options come from `tsconfigPath`, or else the nearest tsconfig.json above `cwd` (so
 * that `paths`, `baseUrl` and `types` resolve as in the user's build), or else defaults that
 * resolve packages as a bundler does. Only the files given are added, JavaScript included; the
 * rest of the program (web3.js's declarations) is read on demand through module resolution.
 */
function createMigrateProject(
  tsMorph: TsMorph,
  cwd: string,
  tsconfigPath: string | undefined,
): MigrateProject {
  const { Project, ts } = tsMorph
  let tsconfig: string | undefined
  if (tsconfigPath !== undefined) {
    tsconfig = resolve(cwd, tsconfigPath)
    if (!existsSync(tsconfig)) {
      throw new UsageError(`--project '${tsconfigPath}' does not exist`)
    }
  } else {
    tsconfig = ts.findConfigFile(cwd, ts.sys.fileExists)
  }
  // allowJs so that .js files get types too (a `new Connection(...)` in JavaScript is known);
  // noEmit because nothing is compiled, only read.
  const overrides = { allowJs: true, noEmit: true }
  const project =
    tsconfig === undefined
      ? new Project({
          compilerOptions: {
            ...overrides,
            target: ts.ScriptTarget.ES2022,
            module: ts.ModuleKind.ESNext,
            moduleResolution: ts.ModuleResolutionKind.Bundler,
            jsx: ts.JsxEmit.Preserve,
            strict: true,
            skipLibCheck: true,
          },
        })
      : new Project({
          tsConfigFilePath: tsconfig,
          skipAddingFilesFromTsConfig: true,
          compilerOptions: overrides,
        })
  return { project, tsconfig }
}

/** A path as the report and the diff show it: relative to `cwd`, with forward slashes. */
function toDisplayPath(cwd: string, path: string): string {
  return relative(cwd, path).split(sep).join('/')
}
