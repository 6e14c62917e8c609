import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { INPUT, ROOT } from './migrateFixtures'

/**
 * A project in a temporary directory with copies of the named input samples under src/.
 * `nodeModules` links the repository's node_modules in, so that web3.js's declarations are
 * found as in an app; without it the codemod has no types and matches receivers by name.
 * `web3Range` writes a package.json that depends on `@solana/web3.js` at that range;
 * `web3Installed` a node_modules/@solana/web3.js/package.json of that version, without code or
 * types (not with `nodeModules`). `dispose` removes it.
 */
export function tempProject(
  names: readonly string[],
  options: Readonly<{ nodeModules: boolean; web3Range?: string; web3Installed?: string }>,
): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'confirmed-rpc-cli-'))
  mkdirSync(join(dir, 'src'))
  for (const name of names) copyFileSync(resolve(INPUT, name), join(dir, 'src', name))
  if (options.nodeModules) {
    symlinkSync(resolve(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir')
  }
  if (options.web3Range !== undefined) {
    const manifest = { name: 'app', dependencies: { '@solana/web3.js': options.web3Range } }
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest))
  }
  if (options.web3Installed !== undefined) {
    const web3 = join(dir, 'node_modules/@solana/web3.js')
    mkdirSync(web3, { recursive: true })
    const manifest = { name: '@solana/web3.js', version: options.web3Installed }
    writeFileSync(join(web3, 'package.json'), JSON.stringify(manifest))
  }
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) }
}
