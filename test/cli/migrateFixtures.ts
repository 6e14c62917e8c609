import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadTsMorph } from '../../src/cli/migrate/migrateCommand'
import { type MigratedFiles, migrateFiles } from '../../src/cli/migrate/runMigrate'

/** The repository root: the fixtures are read with its tsconfig.json, as a user's project would. */
export const ROOT = resolve(import.meta.dirname, '../..')
export const INPUT = resolve(import.meta.dirname, 'fixtures/input')
export const EXPECTED = resolve(import.meta.dirname, 'fixtures/expected')

/** The names of the sample sources (the same in input/ and expected/). */
export const FIXTURE_NAMES = readdirSync(INPUT).sort()

/**
 * Runs the codemod in memory over the input samples and, in the same project, over the expected
 * outputs (a second pass over those must change nothing). One project: the type checker and
 * web3.js's declarations are the costly part, paid once.
 */
export async function migrateFixtures(): Promise<MigratedFiles> {
  const tsMorph = await loadTsMorph()
  return migrateFiles({
    files: FIXTURE_NAMES.flatMap((name) => [resolve(INPUT, name), resolve(EXPECTED, name)]),
    cwd: ROOT,
    tsconfig: undefined,
    tsMorph,
  })
}
