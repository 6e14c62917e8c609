import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { usePlatformFetch } from '../../scripts/usePlatformFetch'

/** A minified browser bundle and its sizes. */
export type BrowserBundle = Readonly<{
  code: string
  minBytes: number
  gzipBytes: number
  metafile: Metafile
}>

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Bundles `entry` (TypeScript source, resolved from the repository root) for browsers as
 * esbuild does for an app: ESM, minified, `NODE_ENV=production`, the `browser` export condition.
 * An import of `confirmed-rpc` gets the package's browser build (dist/browser), as an app's
 * would; an import of `./src/index` gets the sources with the same swap of the default fetch.
 * The gzip size is at level 9. `keepLayout` keeps line breaks and esbuild's `// path` comments
 * (for `marginalGzipBytes`).
 */
export async function buildBrowserBundle(
  entry: string,
  keepLayout = false,
): Promise<BrowserBundle> {
  const result = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    // keepLayout: minified but for whitespace, so esbuild's `// path` comments stay in.
    minifySyntax: true,
    minifyIdentifiers: true,
    minifyWhitespace: !keepLayout,
    format: 'esm',
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [usePlatformFetch],
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.text ?? ''
  return {
    code,
    minBytes: Buffer.byteLength(code),
    gzipBytes: gzipSync(code, { level: 9 }).length,
    metafile: result.metafile,
  }
}
