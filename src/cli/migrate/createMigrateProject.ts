import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Project } from 'ts-morph'
import { UsageError } from '../command/process'
import type { TsMorph } from './TsMorph'

/** The ts-morph project the codemod reads files with, and the tsconfig.json it took options from. */
export type MigrateProject = Readonly<{ project: Project; tsconfig: string | undefined }>

/**
 * Creates the project whose type checker tells a web3.js `Connection` from any other receiver.
 * Compiler options come from `tsconfigPath`, or else the nearest tsconfig.json above `cwd` (so
 * that `paths`, `baseUrl` and `types` resolve as in the user's build), or else defaults that
 * resolve packages as a bundler does. Only the files given are added, JavaScript included; the
 * rest of the program (web3.js's declarations) is read on demand through module resolution.
 */
export function createMigrateProject(
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
