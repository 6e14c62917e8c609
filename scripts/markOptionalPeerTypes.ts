/**
 * Runs after tsup (`npm run build`): puts `// @ts-expect-error` on the declaration files' type imports
 * of msw, an optional peer dependency. Without msw installed those types are `any` then, instead
 * of a TS2307 "Cannot find module 'msw'" in every project that imports `confirmed-rpc/testing`
 * with `skipLibCheck: false`. The declaration bundler drops the comment the source carries.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const OPTIONAL_PEERS = ['msw']
const MARK = '// @ts-ignore: optional peer dependency, `any` without it'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const declarations = (readdirSync(dist, { recursive: true }) as string[]).filter((file) =>
  /\.d\.c?ts$/.test(file),
)
let marked = 0
for (const file of declarations) {
  const path = join(dist, file)
  const lines = readFileSync(path, 'utf8').split('\n')
  const out: string[] = []
  for (const line of lines) {
    const peer = /^import .* from '([^']+)';$/.exec(line)?.[1]
    if (peer !== undefined && OPTIONAL_PEERS.includes(peer)) {
      if (out.at(-1) !== MARK) out.push(MARK)
      marked++
    }
    out.push(line)
  }
  writeFileSync(path, out.join('\n'))
}
// The testing entry's ESM and CJS declarations each import msw's types once.
if (marked < 2)
  throw new Error(`Expected msw type imports in the testing declarations, found ${marked}`)
console.log(`marked ${marked} optional peer type imports`)
