import { build } from 'esbuild'

// What a browser app writes; the package is looked up from the consumer project, as the app's
// bundler would.
const entry = `
import { createClient } from 'confirmed-rpc'
import { getConfirmedSignaturesForAddress2 } from 'confirmed-rpc/actions'
export const client = createClient({ url: 'https://rpc.consumer.test/' })
export const lookUp = (signature) => client.getConfirmedTransaction(signature, { encoding: 'jsonParsed' })
export const page = (address) => getConfirmedSignaturesForAddress2(client, address, { limit: 5 })
`

const BROWSER_BUILD = 'node_modules/confirmed-rpc/dist/browser/index.js'
const BROWSER_ACTIONS = 'node_modules/confirmed-rpc/dist/browser/actions/index.js'

/**
 * Bundles an app importing `confirmed-rpc` for the browser from the consumer project and checks
 * that the `browser` export condition picked the package's browser build, without a fetch
 * ponyfill. Returns the bundle's inputs; throws with the reason otherwise.
 */
export async function bundleForBrowser(projectDir: string): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: projectDir, loader: 'js', sourcefile: 'app.js' },
    absWorkingDir: projectDir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
  }).catch((error: unknown) => {
    const errors = (error as { errors?: { text: string }[] }).errors ?? []
    const first = errors[0]?.text ?? (error instanceof Error ? error.message : String(error))
    throw new Error(`esbuild failed: ${first}`)
  })
  const inputs = Object.keys(result.metafile.inputs).filter((input) => input !== 'app.js')
  const code = result.outputFiles[0]?.text ?? ''
  for (const build of [BROWSER_BUILD, BROWSER_ACTIONS]) {
    if (!inputs.includes(build)) {
      throw new Error(`the bundle does not use ${build}; its inputs: ${inputs.join(', ')}`)
    }
  }
  const ponyfills = inputs.filter((input) => /cross-fetch|node-fetch/.test(input))
  if (ponyfills.length > 0) throw new Error(`the bundle includes ${ponyfills.join(', ')}`)
  const mention = /cross-fetch|node-fetch/.exec(code)
  if (mention !== null) throw new Error(`the bundle's code mentions ${mention[0]}`)
  return `inputs: ${inputs.join(', ')}; ${Math.round(code.length / 1024)} KiB unminified`
}
