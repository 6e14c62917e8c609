/**
 * Decode cost against parse cost: `npx tsx bench/decode.bench.ts`.
 *
 * For a 1000-entry signature page and for 1000 `json` transactions, prints the median time of
 * `JSON.parse`, of `parseJson` (lossless), and of the schema check + u64 conversion in each mode.
 * Decoding converts in place, so each bigint run gets a freshly parsed value.
 */
import { parseJson } from '../src/json/parseJson'
import { decodeConfirmedTransaction } from '../src/schemas/decodeConfirmedTransaction'
import { decodeSignatureInfos } from '../src/schemas/decodeSignatureInfos'
import { jsonTransfer, jsonV0TokenTransfer, signaturePage } from '../test/schemas/fixtures'

const RUNS = 60

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function time(run: () => void): number {
  const start = performance.now()
  run()
  return performance.now() - start
}

function measure(label: string, text: string, decode: (value: unknown, big: boolean) => void) {
  const samples = {
    parse: [] as number[],
    lossless: [] as number[],
    number: [] as number[],
    bigint: [] as number[],
  }
  for (let i = 0; i < RUNS; i++) {
    samples.parse.push(time(() => JSON.parse(text)))
    let value: unknown
    samples.lossless.push(time(() => (value = parseJson(text))))
    samples.number.push(time(() => decode(value, false)))
    samples.bigint.push(time(() => decode(value, true)))
  }
  const parse = median(samples.parse)
  const row = (name: string, ms: number) =>
    `  ${name.padEnd(28)} ${ms.toFixed(3).padStart(8)} ms  ${(ms / parse).toFixed(2).padStart(5)}× JSON.parse`
  console.log(`${label} (${(text.length / 1024).toFixed(0)} KiB of JSON)`)
  console.log(row('JSON.parse', parse))
  console.log(row('parseJson (lossless)', median(samples.lossless)))
  console.log(row('decode, u64: number', median(samples.number)))
  console.log(row('decode, u64: bigint', median(samples.bigint)))
}

const page = Array.from({ length: 1000 }, (_, i) => {
  const [info] = signaturePage()
  return {
    ...info,
    slot: 250_000_000 - i,
    blockTime: 1_700_000_000 - i,
    err: i % 9 === 0 ? { InstructionError: [0, { Custom: i }] } : null,
  }
})
const context = { method: 'getSignaturesForAddress' }
measure('1000-entry signature page', JSON.stringify(page), (value, big) => {
  decodeSignatureInfos(value, big ? 'bigint' : 'number', context)
})

const transactions = Array.from({ length: 1000 }, (_, i) =>
  i % 2 === 0 ? jsonV0TokenTransfer() : jsonTransfer(),
)
const txContext = { method: 'getTransaction' }
measure('1000 json transactions', JSON.stringify(transactions), (value, big) => {
  for (const tx of value as unknown[])
    decodeConfirmedTransaction(tx, 'json', big ? 'bigint' : 'number', txContext)
})
