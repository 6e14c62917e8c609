import type { BookRow } from '../../actions/index'
import { type TickerMap, tickerOf } from './assetMap'
import { type BookLeg, classifyRow, SOL_DECIMALS } from './classifyRow'
import { formatBaseUnits } from './decimalAmount'
import type { BookAmount, BookLine, FeePolicy } from './taxFormatTypes'

/**
 * The lines of a row under a format's fee policy: a trade (one asset out, another in) is one
 * line, every other leg is a line of its own (all sharing the row's hash and date), and the fee
 * rides on the first line the policy allows or becomes a line of its own. Amounts are exact
 * and positive; the direction is the column.
 *
 * Whatever the policy, the lines add up to the row: for each asset, received minus sent minus
 * the fee columns in that currency equals the row's delta (SOL's includes the fee).
 */
export function bookLines(row: BookRow, policy: FeePolicy, tickers: TickerMap): BookLine[] {
  const { kind, fee, legs } = classifyRow(row)
  const rowNotes = row.failed ? ['failed transaction'] : []
  const amount = (leg: Pick<BookLeg, 'asset' | 'amount' | 'decimals'>, notes: string[]) => {
    const { currency, known } = tickerOf(tickers, leg.asset)
    if (!known) notes.push(`${leg.asset} is a mint without a ticker (name it in --assets)`)
    return { asset: leg.asset, currency, quantity: formatBaseUnits(leg.amount, leg.decimals) }
  }
  const lines: BookLine[] = []
  if (kind === 'trade') {
    const notes = [...rowNotes]
    const [out, into] = legs as readonly [BookLeg, BookLeg]
    lines.push({ kind, sent: amount(out, notes), received: amount(into, notes), fee: null, notes })
  } else {
    for (const leg of legs) {
      const notes = [...rowNotes]
      const moved = amount(leg, notes)
      lines.push(
        leg.direction === 'out'
          ? { kind: 'send', sent: moved, received: null, fee: null, notes }
          : { kind: 'receive', sent: null, received: moved, fee: null, notes },
      )
    }
  }
  if (fee === 0n) return lines
  const feeAmount: BookAmount = amount({ asset: 'SOL', amount: fee, decimals: SOL_DECIMALS }, [])
  const carrier = lines.findIndex(
    (line) => line.kind !== 'fee' && policy.feeColumnOn.includes(line.kind),
  )
  const target = lines[carrier]
  if (target !== undefined) {
    lines[carrier] = { ...target, fee: feeAmount }
    return lines
  }
  const notes = [...rowNotes, 'network fee']
  lines.push(
    policy.feeLine === 'sent'
      ? { kind: 'fee', sent: feeAmount, received: null, fee: null, notes }
      : { kind: 'fee', sent: null, received: null, fee: feeAmount, notes },
  )
  return lines
}
