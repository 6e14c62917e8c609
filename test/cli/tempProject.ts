import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { INPUT, ROOT } from './migrateFixtures'

/**
 * A project in a temporary directory with copies of the named input samples under src/.
 * `nodeModules` links the repository's node_modules in, so that web3.js's declarations are
 * found as in an app; without it the codemod has no types and matches receivers by name.
 * `dispose` removes it.
 */
export function tempProject(
  names: readonly string[],
  options: Readonly<{ nodeModules: boolean }>,
): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'confirmed-rpc-cli-'))
  mkdirSync(join(dir, 'src'))
  for (const name of names) copyFileSync(resolve(INPUT, name), join(dir, 'src', name))
  if (options.nodeModules) {
    symlinkSync(resolve(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir')
  }
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) }
}
