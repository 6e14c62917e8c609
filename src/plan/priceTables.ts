import { invalidParam } from '../errors/ConfirmedRpcError'
import { isPlainObject } from '../json/parseJson'
import { type FieldReaders, field, oneOf, readFields } from '../params/readFields'

/**
 * What a provider bills per JSON-RPC method: credits, compute units, or any unit a plan counts
 * in. A method the table does not list costs `default`; without one, it is reported as unpriced
 * (the strategy's `credits` are then a lower bound, see `WalkStrategyPlan.unpriced`).
 *
 * @example
 * ```ts
 * import type { PriceTable } from 'confirmed-rpc/actions'
 *
 * const mine: PriceTable = {
 *   name: 'my plan',
 *   unit: 'credits',
 *   methods: { getSignaturesForAddress: 10, getTransaction: 10 },
 *   default: 1,
 * }
 * ```
 */
export type PriceTable = Readonly<{
  /** What the table is called in a report. */
  name: string
  /** What it counts in: `'credits'`, `'compute units'`, ... */
  unit: string
  /** Price of each method, by its JSON-RPC name. */
  methods: Readonly<Record<string, number>>
  /**
   * Price of a method not listed in `methods`.
   * @default undefined (such a method is reported as unpriced)
   */
  default?: number | undefined
  /**
   * Where the prices were read (a URL).
   * @default undefined
   */
  source?: string | undefined
  /**
   * When they were read (an ISO date).
   * @default undefined
   */
  read?: string | undefined
}>

/** The names of the built-in tables. */
export type BuiltInPrices = 'helius' | 'alchemy'

// Read by hand from each provider's public page on the date given; prices change: a user's
// table (see `readPriceTable`) overrides them.
const HELIUS: PriceTable = {
  name: 'helius',
  unit: 'credits',
  source: 'https://www.helius.dev/docs/billing/credits',
  read: '2026-11-28',
  methods: {
    getSignaturesForAddress: 10,
    getTransaction: 10,
    getBlock: 10,
    getBlocks: 10,
    getBlockTime: 10,
    getTransactionsForAddress: 100,
  },
  // "Standard RPC calls": every other method of the walks (getSlot, getFirstAvailableBlock,
  // getTokenAccountsByOwner) is billed as one.
  default: 1,
}

// The three Solana figures the page is known to publish for the walks' methods (its Solana table
// could not be read whole from here: check it before relying on a plan's total); the others (getSlot,
// getFirstAvailableBlock, getBlocks, getTokenAccountsByOwner, getTransactionsForAddress) are
// reported as unpriced, so that a plan never shows a made-up figure.
const ALCHEMY: PriceTable = {
  name: 'alchemy',
  unit: 'compute units',
  source: 'https://www.alchemy.com/docs/reference/compute-unit-costs',
  read: '2026-11-28',
  methods: { getSignaturesForAddress: 20, getTransaction: 40, getBlock: 40 },
}

/** The built-in tables, by name. @internal */
export const BUILT_IN_PRICES: Readonly<Record<BuiltInPrices, PriceTable>> = {
  helius: HELIUS,
  alchemy: ALCHEMY,
}

const METHOD_NAME = /^[A-Za-z][A-Za-z0-9]{0,63}$/

const isPrice = (value: unknown): boolean =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0

const isText = (value: unknown): boolean =>
  typeof value === 'string' && value.length > 0 && value.length <= 200

function readMethods(value: unknown, method: string, param: string): Record<string, number> {
  if (!isPlainObject(value)) throw invalidParam(method, param, 'expected an object of prices')
  const out: Record<string, number> = {}
  for (const [name, price] of Object.entries(value)) {
    if (!METHOD_NAME.test(name)) {
      throw invalidParam(method, `${param}.${name.slice(0, 64)}`, 'expected a JSON-RPC method name')
    }
    if (!isPrice(price)) throw invalidParam(method, `${param}.${name}`, 'expected a number >= 0')
    out[name] = price as number
  }
  return out
}

/** A user's table as JSON may hold it: a `PriceTable`, optionally on top of a built-in one. */
type PriceFile = Omit<PriceTable, 'methods'> &
  Readonly<{ methods: Record<string, number>; extends: BuiltInPrices | undefined }>

const PRICE_FIELDS = {
  name: /* @__PURE__ */ field<string>(isText, 'a name of 1 to 200 characters'),
  unit: /* @__PURE__ */ field<string>(isText, 'a unit of 1 to 200 characters', 'credits'),
  methods: readMethods,
  default: /* @__PURE__ */ field<number>(isPrice, 'a number >= 0'),
  source: /* @__PURE__ */ field<string>(isText, 'a URL of 1 to 200 characters'),
  read: /* @__PURE__ */ field<string>(isText, 'a date of 1 to 200 characters'),
  extends: /* @__PURE__ */ oneOf(['helius', 'alchemy']),
} satisfies FieldReaders<Partial<PriceFile>>

/**
 * Reads the `prices` of a plan: the name of a built-in table, or a table of the caller's (parsed
 * JSON, such as a price file), checked field by field (`INVALID_PARAM` naming the field). A
 * table with `extends: 'helius'` takes the built-in one and replaces the prices it lists.
 * `'quicknode'` is refused: no public page of its Solana prices could be read, so a table of
 * one's own is the way to price it.
 * @internal
 */
export function readPriceTable(
  value: unknown,
  method: string,
  param: string,
): PriceTable | undefined {
  if (value == null) return undefined
  if (typeof value === 'string') {
    if (value === 'helius' || value === 'alchemy') return BUILT_IN_PRICES[value]
    throw invalidParam(
      method,
      param,
      value === 'quicknode'
        ? 'QuickNode publishes no table of its Solana prices that could be read: write one as a JSON price file ({ "name", "unit", "methods": { "getSignaturesForAddress": ... } }) and pass it'
        : `expected 'helius', 'alchemy' or a price table, got ${JSON.stringify(value.slice(0, 40))}`,
    )
  }
  const file = readFields(value, PRICE_FIELDS, method, param)
  const { name, methods } = file
  if (name === undefined) throw invalidParam(method, `${param}.name`, 'expected a name')
  const base = file.extends === undefined ? undefined : BUILT_IN_PRICES[file.extends]
  return {
    name,
    unit: file.unit,
    methods: { ...base?.methods, ...methods },
    default: file.default ?? base?.default,
    source: file.source ?? base?.source,
    read: file.read ?? base?.read,
  }
}

/**
 * The cost of `requests` at `prices`: the sum over the methods priced, and the methods without
 * a price (their requests are left out of the sum).
 * @internal
 */
export function priceRequests(
  requests: Readonly<Record<string, number>>,
  prices: PriceTable,
): Readonly<{ credits: number; unpriced: readonly string[] }> {
  let credits = 0
  const unpriced: string[] = []
  for (const [name, count] of Object.entries(requests)) {
    const price = prices.methods[name] ?? prices.default
    if (price === undefined) unpriced.push(name)
    else credits += price * count
  }
  return { credits, unpriced }
}
