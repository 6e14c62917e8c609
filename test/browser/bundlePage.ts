import { existsSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { build, type Plugin } from 'esbuild'

/** A browser bundle of one script; see {@link bundlePage}. */
export type PageBundle = Readonly<{
  code: string
  /** Files of the package build that went into it, relative to the project root. */
  buildFiles: readonly string[]
}>

const root = resolve(import.meta.dirname, '../..')

/**
 * Bundles a page script for the browser (ESM, one file, no eval) with esbuild. Its imports of
 * `../../src/index` are served by the package's browser build, `<distDir>/browser/index.js` (the
 * file of its `browser` export condition), so the page runs what a dapp's bundler picks up; any
 * other import from src/ is refused.
 */
export async function bundlePage(entry: string, distDir: string): Promise<PageBundle> {
  const builtEntry = resolve(distDir, 'browser/index.js')
  if (!existsSync(builtEntry)) {
    throw new Error(`${relative(root, builtEntry)} is missing: run \`npm run build\` first`)
  }
  const useBuild: Plugin = {
    name: 'use-the-build',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /\/src\// }, (args) =>
        /\/src\/index$/.test(args.path)
          ? { path: builtEntry }
          : { errors: [{ text: `the page may import src/index only, not ${args.path}` }] },
      )
    },
  }
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    metafile: true,
    logLevel: 'silent',
    plugins: [useBuild],
  })
  const [output] = result.outputFiles
  if (output === undefined) throw new Error(`esbuild wrote nothing for ${entry}`)
  const distPrefix = `${relative(root, resolve(distDir))}/`
  return {
    code: output.text,
    buildFiles: Object.keys(result.metafile.inputs)
      .map((input) => relative(root, resolve(input)))
      .filter((input) => input.startsWith(distPrefix)),
  }
}
