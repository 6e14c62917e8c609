import { readFileSync } from 'node:fs'
import bs58 from 'bs58'
import { UsageError } from '../command/process'

/** Mint (base58) -> ticker, as the tax formats write each asset's currency. */
export type TickerMap = ReadonlyMap<string, string>

/**
 * The mints every export knows without `--assets`, each address checked against its issuer's
 * or a well-kept public page:
 * - wrapped SOL, the native mint: `spl_token_interface::native_mint`
 *   (https://docs.rs/spl-token-interface/latest/src/spl_token_interface/native_mint.rs.html);
 *   a wallet's books count wSOL as its SOL, and the map keeps the two one currency;
 * - USDC: https://docs.coinflow.cash/guides/payouts/usdc-token-addresses ("Production Token"),
 *   which matches https://docs.privy.io/reference/sdk/js-sdk-core/functions/getSolanaUsdcMintAddressForCluster;
 * - USDT: https://docs.candide.dev/wallet/guides/pay-gas-in-usdt-solana ("On Solana Mainnet, USDT (...)");
 * - mSOL: https://docs.marinade.finance/marinade-protocol/system-overview/msol-token;
 * - BONK: https://www.helius.dev/docs/das/get-nfts ("Bonk token mint address").
 */
export const BUILT_IN_TICKERS: TickerMap = new Map([
  ['So11111111111111111111111111111111111111112', 'SOL'],
  ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'USDC'],
  ['Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 'USDT'],
  ['mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So', 'MSOL'],
  ['DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', 'BONK'],
])

/** What is wrong with an `--assets` file. */
type AssetMapProblem = 'unreadable' | 'not-json' | 'not-an-object' | 'bad-mint' | 'bad-ticker'

/**
 * An `--assets` file the export cannot use. A `UsageError`: the command prints the message and
 * exits 2 before writing anything.
 */
export class AssetMapError extends UsageError {
  override name = 'AssetMapError'
  /** What is wrong, as a stable word. */
  readonly problem: AssetMapProblem

  constructor(problem: AssetMapProblem, message: string) {
    super(message)
    this.problem = problem
  }
}

/**
 * The ticker of an asset and whether a map knew it: `SOL` is `SOL`; a mint the map names gets
 * its ticker; any other mint keeps its address as its currency (`known: false`, which the
 * formats note where they have a free-text column).
 */
export function tickerOf(tickers: TickerMap, asset: string): { currency: string; known: boolean } {
  if (asset === 'SOL') return { currency: 'SOL', known: true }
  const ticker = tickers.get(asset)
  return ticker === undefined
    ? { currency: asset, known: false }
    : { currency: ticker, known: true }
}

/**
 * Reads an `--assets` file, a JSON object of mint -> ticker, over the built-in list (the file
 * wins where both name a mint). Any defect is an {@link AssetMapError} naming the file and the
 * entry.
 */
export function readAssetMap(path: string): TickerMap {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error)
    throw new AssetMapError('unreadable', `--assets ${path}: cannot read the file (${reason})`)
  }
  return parseAssetMap(text, path)
}

/** {@link readAssetMap} on the text of the file; `source` names it in errors. */
export function parseAssetMap(text: string, source: string): TickerMap {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new AssetMapError(
      'not-json',
      `--assets ${source}: not JSON; expected { "<mint>": "<ticker>", ... }`,
    )
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AssetMapError(
      'not-an-object',
      `--assets ${source}: expected a JSON object of mint -> ticker, got ${Array.isArray(parsed) ? 'an array' : typeof parsed === 'object' ? 'null' : typeof parsed}`,
    )
  }
  const tickers = new Map(BUILT_IN_TICKERS)
  for (const [mint, ticker] of Object.entries(parsed)) {
    tickers.set(readMint(mint, source), readTicker(mint, ticker, source))
  }
  return tickers
}

function readMint(mint: string, source: string): string {
  let reason: string | undefined
  try {
    const bytes = bs58.decode(mint).length
    if (bytes !== 32) reason = `an address is 32 bytes, this one decodes to ${bytes}`
  } catch {
    reason = 'not base58'
  }
  if (reason === undefined) return mint
  throw new AssetMapError(
    'bad-mint',
    `--assets ${source}: key ${JSON.stringify(mint)} is not a mint address (${reason})`,
  )
}

function readTicker(mint: string, ticker: unknown, source: string): string {
  if (typeof ticker !== 'string' || !TICKER.test(ticker)) {
    throw new AssetMapError(
      'bad-ticker',
      `--assets ${source}: the ticker of ${mint} must be 1 to 32 characters without spaces, ` +
        `commas, quotes or a leading = + - @, got ${JSON.stringify(ticker)}`,
    )
  }
  return ticker
}

// Printable, no separators, and no leading character a spreadsheet would run as a formula.
const TICKER = /^(?![=+\-@])[^\s,"\p{Cc}]{1,32}$/u
