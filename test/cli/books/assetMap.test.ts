import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import {
  AssetMapError,
  BUILT_IN_TICKERS,
  parseAssetMap,
  readAssetMap,
  tickerOf,
} from '../../../src/cli/books/assetMap'
import { UsageError } from '../../../src/cli/command/process'

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN'
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'

function problemOf(text: string): unknown {
  try {
    parseAssetMap(text, 'assets.json')
  } catch (error) {
    expect(error).toBeInstanceOf(AssetMapError)
    expect(error).toBeInstanceOf(UsageError)
    return { problem: (error as AssetMapError).problem, message: (error as Error).message }
  }
  throw new Error('parsed')
}

describe('the built-in tickers', () => {
  it('are 32-byte mint addresses with the ticker of each', () => {
    for (const mint of BUILT_IN_TICKERS.keys()) expect(bs58.decode(mint)).toHaveLength(32)
    expect(Object.fromEntries(BUILT_IN_TICKERS)).toEqual({
      So11111111111111111111111111111111111111112: 'SOL',
      [USDC]: 'USDC',
      Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB: 'USDT',
      mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So: 'MSOL',
      DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263: 'BONK',
    })
  })
})

describe('tickerOf', () => {
  it('names SOL, a known mint, and keeps an unknown mint as its own currency', () => {
    expect(tickerOf(BUILT_IN_TICKERS, 'SOL')).toEqual({ currency: 'SOL', known: true })
    expect(tickerOf(BUILT_IN_TICKERS, USDC)).toEqual({ currency: 'USDC', known: true })
    expect(tickerOf(BUILT_IN_TICKERS, JUP)).toEqual({ currency: JUP, known: false })
  })
})

describe('parseAssetMap', () => {
  it('adds the file over the built-in list, the file winning', () => {
    const tickers = parseAssetMap(JSON.stringify({ [JUP]: 'JUP', [USDC]: 'USDC.e' }), 'assets.json')
    expect(tickers.get(JUP)).toBe('JUP')
    expect(tickers.get(USDC)).toBe('USDC.e')
    expect(tickers.get('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB')).toBe('USDT')
    expect(parseAssetMap('{}', 'a').size).toBe(BUILT_IN_TICKERS.size)
    expect(parseAssetMap(JSON.stringify({ [JUP]: '$WIF' }), 'a').get(JUP)).toBe('$WIF')
  })

  it('refuses each kind of bad file with a typed error naming it', () => {
    expect(problemOf('{ nope')).toEqual({
      problem: 'not-json',
      message: '--assets assets.json: not JSON; expected { "<mint>": "<ticker>", ... }',
    })
    expect(problemOf('[]')).toEqual({
      problem: 'not-an-object',
      message: '--assets assets.json: expected a JSON object of mint -> ticker, got an array',
    })
    expect(problemOf('null')).toMatchObject({ problem: 'not-an-object' })
    expect(problemOf('"x"')).toMatchObject({ problem: 'not-an-object' })
    expect(problemOf('{"USDC": "USDC"}')).toEqual({
      problem: 'bad-mint',
      message:
        '--assets assets.json: key "USDC" is not a mint address (an address is 32 bytes, this one decodes to 3)',
    })
    expect(problemOf('{"0OIl": "X"}')).toMatchObject({ problem: 'bad-mint' })
    expect(problemOf(JSON.stringify({ [JUP]: 7 }))).toEqual({
      problem: 'bad-ticker',
      message: `--assets assets.json: the ticker of ${JUP} must be 1 to 32 characters without spaces, commas, quotes or a leading = + - @, got 7`,
    })
    for (const ticker of [
      '',
      'A B',
      'A,B',
      'A"B',
      '=HYPERLINK(1)',
      '-1',
      '@SUM',
      'X'.repeat(33),
      'a\u0007',
    ]) {
      expect(problemOf(JSON.stringify({ [JUP]: ticker }))).toMatchObject({ problem: 'bad-ticker' })
    }
  })
})

describe('readAssetMap', () => {
  it('reads a file, and names one it cannot read', () => {
    const directory = mkdtempSync(join(tmpdir(), 'assets-'))
    const path = join(directory, 'assets.json')
    writeFileSync(path, JSON.stringify({ [JUP]: 'JUP' }))
    expect(readAssetMap(path).get(JUP)).toBe('JUP')
    const missing = join(directory, 'missing.json')
    expect(() => readAssetMap(missing)).toThrow(
      `--assets ${missing}: cannot read the file (ENOENT)`,
    )
    expect(() => readAssetMap(directory)).toThrow(AssetMapError)
  })
})
