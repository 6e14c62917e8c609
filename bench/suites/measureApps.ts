import { buildBrowserBundle } from './buildBrowserBundle'

/** The app the client budget is about: a client and both deprecated calls, from the package. */
export const CLIENT_ENTRY = `
import { createClient } from 'confirmed-rpc'
export async function run(url: string, signature: string, address: string) {
  const client = createClient({ url })
  const transaction = await client.getConfirmedTransaction(signature, { encoding: 'jsonParsed' })
  const page = await client.getConfirmedSignaturesForAddress2(address, { limit: 10 })
  return [transaction, page]
}
`

/** The same two calls as actions, over a bare HTTP transport. */
export const ACTIONS_ENTRY = `
import { createHttpTransport } from 'confirmed-rpc'
import { getConfirmedSignaturesForAddress2, getConfirmedTransaction } from 'confirmed-rpc/actions'
export async function run(url: string, signature: string, address: string) {
  const client = { transport: createHttpTransport({ url }) }
  const transaction = await getConfirmedTransaction(client, signature, { encoding: 'jsonParsed' })
  const page = await getConfirmedSignaturesForAddress2(client, address, { limit: 10 })
  return [transaction, page]
}
`

/**
 * Targets of the two apps, gzip bytes: the client app no larger than it was before version 1
 * transactions (16,359 B; 15 KiB before that), the actions app 10.5 KiB. Guarded in CI at the
 * last measured sizes by test/package/bundleSize.slow.test.ts.
 */
export const APP_TARGETS = { client: 16_359, actions: 10.5 * 1024 } as const

/** What an app composes in, each measured as the growth of both apps. */
export const COMPOSED = {
  createFallbackTransport: 'createFallbackTransport([createHttpTransport({ url })])',
  rangeWalker: 'rangeWalker({ parallel: 8 })',
  createRequestBudget: 'createRequestBudget({ requestsPerSecond: 10 })',
} as const

/** One app's measures: gzip bytes, and how many source files its code comes from. */
export type AppSize = Readonly<{ gzipBytes: number; minBytes: number; sourceFiles: number }>

/**
 * Bundles `entry` from the sources (so that esbuild's metafile names each source file) and from
 * the built package (the gzip size an app gets), and counts the source files with bytes in the
 * output.
 */
export async function measureApp(entry: string): Promise<AppSize> {
  const built = await buildBrowserBundle(entry)
  const sourceFiles = (await bundledSourceFiles(entry)).length
  return { gzipBytes: built.gzipBytes, minBytes: built.minBytes, sourceFiles }
}

/** The source files (under src/) with bytes in the browser bundle of `entry`, built from src/. */
export async function bundledSourceFiles(entry: string): Promise<string[]> {
  const fromSources = await buildBrowserBundle(
    entry
      .replaceAll("'confirmed-rpc/actions'", "'./src/actions/index'")
      .replaceAll("'confirmed-rpc'", "'./src/index'"),
  )
  const output = Object.values(fromSources.metafile.outputs)[0]
  return Object.entries(output?.inputs ?? {})
    .filter(([path, input]) => path.startsWith('src/') && input.bytesInOutput > 0)
    .map(([path]) => path)
    .sort()
}

/** How much importing `name` (used as `use`) grows `entry`, gzip bytes. */
export async function growthOf(entry: string, name: string, use: string): Promise<number> {
  const base = await buildBrowserBundle(entry)
  const grown = await buildBrowserBundle(
    `${entry}\nimport { ${name}, createHttpTransport as h } from 'confirmed-rpc'\n` +
      `export const extra = (url: string) => [${use.replace('createHttpTransport', 'h')}]`,
  )
  return grown.gzipBytes - base.gzipBytes
}
