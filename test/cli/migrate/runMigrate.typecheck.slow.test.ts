import { resolve } from 'node:path'
import ts from 'typescript'
import { expect, it } from 'vitest'
import { EXPECTED, FIXTURE_NAMES, INPUT, ROOT } from '../migrateFixtures'

// The samples and the codemod's output compile against web3.js v1's declarations with the
// project's strict options (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, ...):
// the rewrite keeps a program that type-checked type-checking. The JavaScript samples are checked
// too (checkJs), where their JSDoc gives types.
const config = ts.getParsedCommandLineOfConfigFile(
  resolve(ROOT, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    },
  },
)

function diagnosticsOf(files: string[], options: ts.CompilerOptions, old?: ts.Program) {
  const program = ts.createProgram({
    rootNames: files,
    options,
    ...(old ? { oldProgram: old } : {}),
  })
  const diagnostics = files.flatMap((file) => {
    const source = program.getSourceFile(file)
    return source === undefined
      ? [`${file}: not in the program`]
      : [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
          (diagnostic) => {
            const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
            const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')
            return `${file.slice(ROOT.length + 1)}:${line + 1}: ${message}`
          },
        )
  })
  return { program, diagnostics }
}

it('type-checks every sample before and after the rewrite against web3.js v1', () => {
  if (config === undefined) throw new Error('tsconfig.json could not be read')
  const all = FIXTURE_NAMES.flatMap((name) => [resolve(INPUT, name), resolve(EXPECTED, name)])
  const typescript = all.filter((file) => /\.[cm]?ts$/.test(file))
  const javascript = all.filter((file) => /\.[cm]?js$/.test(file))
  expect(typescript.length).toBeGreaterThan(10)
  expect(javascript.length).toBe(4)
  const options = { ...config.options, noEmit: true }
  const strict = diagnosticsOf(typescript, options)
  expect(strict.diagnostics).toEqual([])
  // Plain JavaScript parameters are implicitly `any`; everything else is checked as strictly.
  const jsOptions = { ...options, allowJs: true, checkJs: true, noImplicitAny: false }
  const before = diagnosticsOf(
    javascript.filter((file) => file.startsWith(INPUT)),
    jsOptions,
    strict.program,
  )
  const after = diagnosticsOf(
    javascript.filter((file) => file.startsWith(EXPECTED)),
    jsOptions,
    strict.program,
  )
  expect(after.diagnostics).toEqual([])
  // The JavaScript sample passes config objects where v1 declares a commitment string (and
  // sends whatever it gets as the commitment): the rewrite is what makes those calls type-check.
  expect(before.diagnostics).toEqual(
    [7, 13, 21, 27].map((line) =>
      expect.stringMatching(
        new RegExp(
          `^test/cli/fixtures/input/commitments\\.js:${line}: Argument of type .* is not assignable to parameter of type 'Finality \\| undefined'`,
        ),
      ),
    ),
  )
}, 60_000)
