import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

// A browser app that builds a client and calls both deprecated methods, bundled and minified as
// an app bundler would, gzip level 9. The budget guards against growth: it is the size measured
// when it was set (22.0 KiB) plus 1 KiB. The 12 KiB target is not met yet; docs/performance.md
// says by how much, why, and what would close it. Lower this number as the bundle shrinks.
const BUDGET_GZIP_BYTES = 23 * 1024
const entry = `
import { createClient } from './src/index'
export async function run(url: string, signature: string, address: string) {
  const client = createClient({ url })
  const transaction = await client.getConfirmedTransaction(signature, { encoding: 'jsonParsed' })
  const page = await client.getConfirmedSignaturesForAddress2(address, { limit: 10 })
  return [transaction, page]
}
`

let code = ''

describe('browser bundle of the core client', () => {
  beforeAll(async () => {
    const result = await build({
      stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      define: { 'process.env.NODE_ENV': '"production"' },
      write: false,
      logLevel: 'silent',
    })
    code = result.outputFiles[0]?.text ?? ''
  })

  it('holds the client and both deprecated calls', () => {
    expect(code).toContain('getConfirmedSignaturesForAddress2')
    expect(code).toContain('getConfirmedTransaction')
  })

  it(`stays within ${BUDGET_GZIP_BYTES / 1024} KiB gzip`, () => {
    const gzipBytes = gzipSync(code, { level: 9 }).length
    expect(gzipBytes, `gzip ${gzipBytes} bytes, minified ${code.length}`).toBeLessThanOrEqual(
      BUDGET_GZIP_BYTES,
    )
  })

  it('needs no eval or new Function (strict CSP pages)', () => {
    expect(code).not.toMatch(/\beval\(|\bnew Function\b|(?<![\w$.])Function\(/)
  })
})
