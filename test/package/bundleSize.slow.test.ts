import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

// Browser apps that import the package by its name, as an app would (so esbuild picks the
// `browser` export condition), bundled and minified as an app bundler would, gzip level 9, bs58
// included. The targets are 16,359 B and 10.5 KiB (bench/suites/measureApps.ts `APP_TARGETS`);
// `npm run size` prints the figures (docs/performance.md has them and where the bytes went). Each
// guard is the last measured size: 17,080 B and 11,154 B (+45 B / +1 B the walk's hook for a
// range's first empty page; -24 B / -20 B the browser build's body reader without the Node stream branch; -43 B / -10 B one u64 reader for createClient and the
// actions, and a checkpoint's refusals through `throwInvalidParam`), 17,102 B and 11,183 B before
// them (+236 B the page judge as a pure function with the page walk's state objects; -11 B the
// check of an error's code in the table of messages). Both apps miss their targets; both guards
// come down as the bundles do. What an app composes in (the fallback, the range walker, a request
// budget) must not be in an app that does not.
const apps = [
  {
    name: 'createClient + the two deprecated calls',
    budget: 17_080,
    entry: `
import { createClient } from 'confirmed-rpc'
export async function run(url: string, signature: string, address: string) {
  const client = createClient({ url })
  const transaction = await client.getConfirmedTransaction(signature, { encoding: 'jsonParsed' })
  const page = await client.getConfirmedSignaturesForAddress2(address, { limit: 10 })
  return [transaction, page]
}
`,
    inputs: ['dist/browser/index.js'],
  },
  {
    name: 'createHttpTransport + the two deprecated actions',
    budget: 11_154,
    entry: `
import { createHttpTransport } from 'confirmed-rpc'
import { getConfirmedSignaturesForAddress2, getConfirmedTransaction } from 'confirmed-rpc/actions'
export async function run(url: string, signature: string, address: string) {
  const client = { transport: createHttpTransport({ url }) }
  const transaction = await getConfirmedTransaction(client, signature, { encoding: 'jsonParsed' })
  const page = await getConfirmedSignaturesForAddress2(client, address, { limit: 10 })
  return [transaction, page]
}
`,
    inputs: ['dist/browser/actions/index.js', 'dist/browser/index.js'],
  },
] as const

describe.each(apps)('browser bundle: $name', ({ entry, budget, inputs: ownInputs }) => {
  let code = ''
  let inputs: Metafile['inputs'] = {}

  beforeAll(async () => {
    if (!existsSync(resolve(root, 'dist/browser/index.js'))) {
      throw new Error(
        'dist/browser is missing: `npm run test:slow` builds it first; run `npm run build`',
      )
    }
    const result = await bundleApp(entry)
    code = result.code
    inputs = result.inputs
  })

  it('is made of the browser build alone: no fetch ponyfill, no other package', () => {
    const own = Object.keys(inputs).filter((name) => !name.startsWith('dist/browser/chunk-'))
    expect(own.sort()).toEqual([...ownInputs, 'entry.ts'].sort())
    expect(code).not.toMatch(/cross-fetch|node-fetch|XMLHttpRequest/)
    // Nor the body reader's branch for Node streams (`destroy()`), which no browser fetch returns.
    expect(code).not.toContain('.destroy')
  })

  it('holds both deprecated calls', () => {
    expect(code).toContain('getConfirmedSignaturesForAddress2')
    expect(code).toContain('getConfirmedTransaction')
  })

  it(`stays within ${budget.toLocaleString('en')} B gzip`, () => {
    const gzipBytes = gzipSync(code, { level: 9 }).length
    expect(gzipBytes, `gzip ${gzipBytes} bytes, minified ${code.length}`).toBeLessThanOrEqual(
      budget,
    )
  })

  it('needs no eval or new Function (strict CSP pages)', () => {
    expect(code).not.toMatch(/\beval\(|\bnew Function\b|(?<![\w$.])Function\(/)
  })
})

// Each composed piece is its own code: importing it grows an app by more than a few bytes.
describe.each([
  ['createFallbackTransport', 'createFallbackTransport([createHttpTransport({ url })])'],
  ['rangeWalker', 'rangeWalker({ parallel: 8 })'],
  ['createRequestBudget', 'createRequestBudget({ requestsPerSecond: 10 })'],
])('browser bundle with %s', (name, use) => {
  it('grows each app (its code is not there already)', async () => {
    for (const app of apps) {
      const base = await gzipBytes(app.entry)
      const grown = await gzipBytes(
        `${app.entry}\nimport { ${name}, createHttpTransport as h } from 'confirmed-rpc'\n` +
          `export const extra = (url: string) => [${use.replace('createHttpTransport', 'h')}]`,
      )
      expect(grown - base, `${app.name}: ${base} -> ${grown} B`).toBeGreaterThan(150)
    }
  })
})

/** An app bundled as a browser app's bundler would: ESM, minified, production, browser exports. */
async function bundleApp(entry: string): Promise<{ code: string; inputs: Metafile['inputs'] }> {
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  return { code: result.outputFiles[0]?.text ?? '', inputs: result.metafile.inputs }
}

async function gzipBytes(entry: string): Promise<number> {
  return gzipSync((await bundleApp(entry)).code, { level: 9 }).length
}
