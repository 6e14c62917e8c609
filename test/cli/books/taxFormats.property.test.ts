import bs58 from 'bs58'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BookRow } from '../../../src/books/types'
import { TAX_FORMAT_NAMES } from '../../../src/cli/books/taxFormats'
import type { TaxFormatName } from '../../../src/cli/books/taxFormatTypes'
import { BONK, JUP, signature, USDC } from './bookRows'
import { parseDecimal } from './readCsv'
import { COLUMNS, writeAndRead } from './readFormat'

// Assets of every kind: SOL, mints the built-in list names, mints it does not (0 and 18 decimals).
const ODD_18 = bs58.encode(new Uint8Array(32).fill(7))
const ODD_0 = bs58.encode(new Uint8Array(32).fill(9))
const ASSETS = [
  { asset: 'SOL', decimals: 9, currency: 'SOL' },
  { asset: USDC, decimals: 6, currency: 'USDC' },
  { asset: BONK, decimals: 5, currency: 'BONK' },
  { asset: JUP, decimals: 6, currency: JUP },
  { asset: ODD_18, decimals: 18, currency: ODD_18 },
  { asset: ODD_0, decimals: 0, currency: ODD_0 },
] as const
const BY_CURRENCY = new Map(ASSETS.map((each) => [each.currency, each]))
const U64_MAX = 2n ** 64n - 1n

const amount = fc.oneof(
  fc.constant(0n),
  fc.bigInt({ min: -1_000n, max: 1_000n }),
  fc.bigInt({ min: -U64_MAX, max: U64_MAX }),
)
const rowArbitrary: fc.Arbitrary<BookRow> = fc
  .record({
    byte: fc.integer({ min: 0, max: 255 }),
    fee: fc.oneof(fc.constant(0n), fc.constant(5_000n), fc.bigInt({ min: 1n, max: U64_MAX })),
    failed: fc.boolean(),
    // 1970 to 2100, in whole seconds.
    blockTime: fc.integer({ min: 0, max: 4_102_444_800 }),
    deltas: fc.subarray([...ASSETS]).chain((assets) =>
      fc.tuple(...assets.map(() => amount)).map((deltas) =>
        assets.map(({ asset, decimals }, index) => ({
          asset,
          decimals,
          delta: deltas[index] ?? 0n,
        })),
      ),
    ),
  })
  .map(({ byte, fee, failed, blockTime, deltas }) => ({
    signature: signature(byte),
    slot: BigInt(byte),
    blockTime,
    failed,
    fee,
    deltas,
    accounts: [],
  }))

/** The date of a block time in each style, from `toISOString` rather than the writer's code. */
function expectedDate(name: TaxFormatName, blockTime: number): string {
  const [day = '', time = ''] = new Date(blockTime * 1000).toISOString().slice(0, 19).split('T')
  const [year, month, date] = day.split('-')
  return name === 'koinly' ? `${day} ${time} UTC` : `${month}/${date}/${year} ${time}`
}

/** Per asset, what the lines say came in minus what went out (fee columns included). */
function netOfLines(name: TaxFormatName, lines: readonly Record<string, string>[]) {
  const columns = COLUMNS[name]
  const net = new Map<string, bigint>()
  const add = (
    line: Record<string, string>,
    [amountColumn, currencyColumn]: readonly [string, string],
    sign: bigint,
  ) => {
    const quantity = line[amountColumn] ?? ''
    const currency = line[currencyColumn] ?? ''
    if (quantity === '' && currency === '') return
    const asset = BY_CURRENCY.get(currency as (typeof ASSETS)[number]['currency'])
    if (asset === undefined) throw new Error(`unknown currency ${currency}`)
    const units = parseDecimal(quantity, asset.decimals)
    expect(units).toBeGreaterThan(0n)
    net.set(asset.asset, (net.get(asset.asset) ?? 0n) + sign * units)
  }
  for (const line of lines) {
    add(line, columns.received, 1n)
    add(line, columns.sent, -1n)
    add(line, columns.fee, -1n)
  }
  return net
}

describe.each(TAX_FORMAT_NAMES)('%s on random rows', (name) => {
  it('adds up to each row, exactly, with its hash and its date on every line', () => {
    fc.assert(
      fc.property(rowArbitrary, (row) => {
        const lines = writeAndRead(name, [row])
        const expected = new Map<string, bigint>()
        for (const { asset, delta } of row.deltas)
          expected.set(asset, (expected.get(asset) ?? 0n) + delta)
        const net = netOfLines(name, lines)
        for (const asset of new Set([...expected.keys(), ...net.keys()])) {
          expect(net.get(asset) ?? 0n).toBe(expected.get(asset) ?? 0n)
        }
        const principal = [...expected].filter(
          ([asset, delta]) => delta + (asset === 'SOL' ? row.fee : 0n) !== 0n,
        )
        const hasPrincipal = principal.length > 0 || (row.fee !== 0n && !expected.has('SOL'))
        if (!hasPrincipal && row.fee === 0n) expect(lines).toEqual([])
        else expect(lines.length).toBeGreaterThan(0)
        const { hash, date } = COLUMNS[name]
        for (const line of lines) {
          expect(line[date]).toBe(expectedDate(name, row.blockTime ?? 0))
          if (hash !== undefined) expect(line[hash]).toBe(row.signature)
        }
      }),
      { seed: 20_260_915, numRuns: 300 },
    )
  })

  it('writes the fee the owner paid once, in SOL, where the policy puts it', () => {
    fc.assert(
      fc.property(rowArbitrary, (row) => {
        const lines = writeAndRead(name, [row])
        const columns = COLUMNS[name]
        const sol = (text: string | undefined) =>
          text === undefined || text === '' ? 0n : parseDecimal(text, 9)
        let written = 0n
        for (const line of lines) {
          if (line[columns.fee[1]] !== '') {
            expect(line[columns.fee[1]]).toBe('SOL')
            written += sol(line[columns.fee[0]])
          }
          const notes = columns.notes === undefined ? '' : (line[columns.notes] ?? '')
          // A fee on a line of its own: Koinly's `cost`, CoinLedger's described network fee.
          if (name === 'koinly' && line.Label === 'cost') written += sol(line[columns.sent[0]])
          if (name === 'coinledger' && notes.endsWith('network fee'))
            written += sol(line[columns.sent[0]])
        }
        if (name === 'cointracker' && written === 0n && row.fee !== 0n) {
          // No fee columns used: the row was nothing but its fee, one line of SOL sent.
          expect(lines).toHaveLength(1)
          expect(lines[0]?.[columns.sent[1]]).toBe('SOL')
          written = sol(lines[0]?.[columns.sent[0]])
        }
        expect(written).toBe(row.fee)
      }),
      { seed: 38, numRuns: 300 },
    )
  })
})
