/**
 * `npm run size`: what a browser app that imports the package downloads (esbuild, minified,
 * gzip -9, bs58 included), against the targets, how many source files its code comes from, and
 * what each composed piece adds; then how many source files one call and one page run through
 * (scripts/callPath.ts), and how src/ is laid out (scripts/layoutFigures.ts). Needs dist/
 * (`npm run build`).
 */
import {
  ACTIONS_ENTRY,
  APP_TARGETS,
  CLIENT_ENTRY,
  COMPOSED,
  growthOf,
  measureApp,
} from '../bench/suites/measureApps'
import { measureCallPaths } from './callPath'
import { measureLayout } from './layoutFigures'

const apps = [
  ['createClient + the two deprecated calls', CLIENT_ENTRY, APP_TARGETS.client],
  ['createHttpTransport + the two deprecated actions', ACTIONS_ENTRY, APP_TARGETS.actions],
] as const

let missed = 0
for (const [name, entry, target] of apps) {
  const size = await measureApp(entry)
  const verdict = size.gzipBytes <= target ? 'ok' : `over by ${size.gzipBytes - target} B`
  if (size.gzipBytes > target) missed++
  console.log(
    `${name}: ${size.gzipBytes.toLocaleString('en')} B gzip (target ${target.toLocaleString('en')} B: ${verdict}), ${size.minBytes.toLocaleString('en')} B minified, code from ${size.sourceFiles} source files`,
  )
  for (const [piece, use] of Object.entries(COMPOSED)) {
    console.log(`  + ${piece}: +${await growthOf(entry, piece, use)} B gzip`)
  }
}
const { call, page } = await measureCallPaths()
console.log(`one getConfirmedTransaction call over HTTP runs code of ${call.length} source files`)
console.log(`one page of a walk over HTTP runs code of ${page.length} source files`)
const layout = measureLayout()
console.log(
  `src/ holds ${layout.files} files (median ${layout.medianLines} lines), ${layout.crumbs.length} under 20 lines besides the entries, ${layout.longFunctions.length} functions over 80 lines`,
)
for (const { file, name, lines } of layout.longFunctions)
  console.log(`  ${file}: ${name}, ${lines} lines`)
if (layout.longFunctions.length > 0 || layout.crumbs.length > 0) missed++
process.exitCode = missed === 0 ? 0 : 1
