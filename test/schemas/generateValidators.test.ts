import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { Type } from '@sinclair/typebox'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { generateValidators, VALIDATORS_FILE } from '../../scripts/generateValidators'
import { INT64_KEYWORD } from '../../src/schemas/schemaBuilders'

const slot = () => Type.Unsafe({ [INT64_KEYWORD]: 'u64' })

describe('generateValidators', () => {
  it('matches the committed src/schemas/generated/validators.ts (run `npm run generate`)', () => {
    expect(readFileSync(VALIDATORS_FILE, 'utf8')).toBe(generateValidators())
  })

  it('refuses schema keywords it would otherwise ignore', () => {
    const pattern = Type.Object({ slot: slot(), s: Type.String({ pattern: '^a' }) }, { $id: 'A' })
    expect(() => generateValidators([pattern])).toThrow(/Unsupported schema keyword pattern/)
  })

  it('refuses an object schema without $id, and two schemas sharing one', () => {
    const anonymous = Type.Object(
      { slot: slot(), inner: Type.Object({ x: Type.String() }) },
      { $id: 'B' },
    )
    expect(() => generateValidators([anonymous])).toThrow(/needs a \$id/)
    const one = Type.Object({ x: Type.String() }, { $id: 'Same' })
    const other = Type.Object({ y: Type.String() }, { $id: 'Same' })
    const root = Type.Object({ slot: slot(), one, other }, { $id: 'C' })
    expect(() => generateValidators([root])).toThrow(/Two different schemas use \$id Same/)
  })

  it('refuses a union whose object branches cannot be told apart', () => {
    const a = Type.Object({ x: Type.String() }, { $id: 'A1' })
    const b = Type.Object({ x: Type.Number() }, { $id: 'B1' })
    const root = Type.Object({ slot: slot(), u: Type.Union([a, b]) }, { $id: 'D' })
    expect(() => generateValidators([root])).toThrow(/no distinguishing key/)
  })

  it('ships decoders without typebox, eval or new Function', async () => {
    // The decoders sit beside their actions: each bundled alone keeps nothing else of its file.
    const actions = fileURLToPath(new URL('../../src/actions/', import.meta.url))
    const decoders = [
      "export { decodeConfirmedTransaction } from './getTransaction'",
      "export { decodeSignatureInfos } from './getSignaturesForAddress'",
    ]
    for (const contents of decoders) {
      const result = await build({
        stdin: { contents, resolveDir: actions, loader: 'ts' },
        bundle: true,
        format: 'esm',
        minify: true,
        write: false,
        outdir: 'out',
        metafile: true,
        platform: 'neutral',
        // bs58 comes with the actions' module (its codec is built at load), not with a decoder.
        external: ['bs58'],
      })
      const output = Object.values(result.metafile.outputs)[0]
      const inputs = Object.entries(output?.inputs ?? {})
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => path)
      expect(inputs.filter((input) => input.includes('node_modules'))).toEqual([])
      expect(inputs.some((input) => input.endsWith('generated/validators.ts'))).toBe(true)
      for (const file of result.outputFiles) {
        expect(file.text).not.toMatch(/\beval\(|new Function\(/)
        // The whole core client has 12 KB gzip; the decoders take a small share of it. Measured
        // 4,261 B for the transaction decoder: 3,982 before v1 messages (+92 B their
        // `transactionConfig` check, +158 B the -32015 message of the one message table), +29 B
        // the message of a NETWORK_ERROR that names its failure.
        expect(gzipSync(file.text).length).toBeLessThan(4_270)
      }
    }
  })
})
