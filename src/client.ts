import { type ActionClient, u64Field } from './actions/ActionClient'
import {
  type GetConfirmedSignaturesForAddress2Config,
  type GetConfirmedSignaturesForAddress2Result,
  type GetSignaturesForAddressConfig,
  type GetSignaturesForAddressResult,
  getConfirmedSignaturesForAddress2,
  getSignaturesForAddress,
} from './actions/getSignaturesForAddress'
import {
  type GetConfirmedTransactionConfig,
  type GetConfirmedTransactionParams,
  type GetConfirmedTransactionResult,
  type GetTransactionConfig,
  type GetTransactionParams,
  type GetTransactionResult,
  getConfirmedTransaction,
  getTransaction,
} from './actions/getTransaction'
import { invalidParam } from './errors/ConfirmedRpcError'
import type { SignaturesForAddressOptions } from './history/SignaturesForAddressOptions'
import { type SignatureWalk, signaturesForAddress } from './history/signaturesForAddress'
import {
  type TransactionsForAddressOptions,
  type TransactionWalk,
  transactionsForAddress,
} from './history/transactionsForAddress'
import { type MethodsPolicy, POLICY_FIELDS, withMethodPolicy } from './migrate/withMethodPolicy'
import {
  type FieldReader,
  field,
  isFunction,
  moved,
  readFields,
  throwInvalidParam,
} from './params/readFields'
import type { Base58Input, TransactionEncoding, U64Mode } from './schemas/common'
import {
  createHttpTransport,
  HTTP_TRANSPORT_FIELDS,
  type HttpTransportOptions,
} from './transport/createHttpTransport'
import type { RpcTransport, RpcTransportOptions } from './transport/types'

/** Options shared by both ways of building a client. */
export type ClientBaseOptions<TMode extends U64Mode = 'bigint'> = Readonly<{
  /**
   * How u64/i64 fields (slots, lamports, fees, block times) are returned. `'bigint'` gives exact
   * bigints everywhere (as @solana/kit does); `'number'` gives plain numbers and throws
   * `UNSAFE_INTEGER` (naming the field) for a value above 2^53-1 instead of rounding it, which
   * mainnet's largest balances and stakes exceed.
   * @default 'bigint'
   */
  u64?: TMode | undefined
  /**
   * Which methods go on the wire for the two deprecated calls and their replacements.
   * `'auto'` sends both as the replacement (`getTransaction`, `getSignaturesForAddress`), which
   * every node from 1.7 on serves, and returns each call the shape of the method it called; only
   * where the node refuses the replacement (-32601 from nodes before 1.7, or HTTP 405/410) do calls
   * go under the deprecated names, after one refused call per client. `'replacement'` always
   * sends the replacements; `'deprecated'` always the deprecated methods. The walks and `request`
   * follow the same policy. See docs/migration.md.
   * @default 'auto'
   */
  methods?: MethodsPolicy | undefined
  /**
   * Emit a deprecation notice, once per method per process, when the app calls a deprecated
   * method (`process.emitWarning` with code `CONFIRMED_RPC_DEPRECATED_METHOD` in Node,
   * `console.warn` elsewhere), whatever name goes on the wire. Walks never call one.
   * @default true
   */
  deprecationWarnings?: boolean | undefined
  /**
   * The highest transaction version this client reads (0..255), for every transaction lookup:
   * `getTransaction` calls, walks (`transactionsForAddress`, `walletHistory` with
   * `transactions`) that do not set their own, and `getConfirmedTransaction` calls, which are
   * then sent as `getTransaction` (the old method can never return a versioned transaction).
   * Results then carry `version`. A transaction of a higher version is refused by the node with
   * -32015 (an `RPC_ERROR` whose message names this option). Ignored under `methods: 'deprecated'`.
   * @default undefined (`getTransaction` and `getConfirmedTransaction` as the methods mean:
   * legacy transactions only; the walks ask for `MAX_DECODED_TRANSACTION_VERSION`, 1)
   */
  maxSupportedTransactionVersion?: number | undefined
}>

/**
 * Build the client over HTTP: the options of `createHttpTransport` (one endpoint, with its
 * headers, timeout, retry, `budget`, batching and hooks), plus the base options.
 */
export type ClientHttpOptions<TMode extends U64Mode = 'bigint'> = ClientBaseOptions<TMode> &
  HttpTransportOptions &
  Readonly<{
    /**
     * @deprecated Failover over several endpoints is a transport you compose:
     * `createClient({ transport: createFallbackTransport([createHttpTransport({ url: a }), ...]) })`.
     */
    rank?: never
    /**
     * @deprecated A budget is a value: `budget: createRequestBudget({ requestsPerSecond })`.
     */
    requestsPerSecond?: never
    transport?: undefined
  }>

/** Build the client over any {@link RpcTransport}, such as a mock ledger's `transport`. */
export type ClientTransportOptions<TMode extends U64Mode = 'bigint'> = ClientBaseOptions<TMode> &
  Readonly<{
    /** The transport every call goes through. */
    transport: RpcTransport
    url?: undefined
  }>

/** Options of {@link createClient}: `url` (and HTTP options) or `transport`. */
export type ClientOptions<TMode extends U64Mode = 'bigint'> =
  | ClientHttpOptions<TMode>
  | ClientTransportOptions<TMode>

/**
 * A client: the four methods and the two history walks bound to one transport and one u64 mode.
 * It is also an `ActionClient`: every action of `confirmed-rpc/actions` takes it first.
 */
export type Client<TMode extends U64Mode = 'bigint'> = Readonly<{
  /** The u64 mode this client decodes with. */
  u64: TMode
  /** The client's `maxSupportedTransactionVersion` option, as given (the walks read it). */
  maxSupportedTransactionVersion: number | undefined
  /** The transport every call goes through, with the client's migration policy. */
  transport: RpcTransport
  /**
   * The deprecated `getConfirmedTransaction`: one transaction by signature, or `null`. The
   * result's `transaction` type follows the encoding (config object or bare string); without
   * an encoding it is `json`.
   * @deprecated Nodes from 2.0 on removed `getConfirmedTransaction` (this client then sends
   * `getTransaction` for you): call `getTransaction`, its replacement.
   */
  getConfirmedTransaction(
    signature: Base58Input,
    config?: GetConfirmedTransactionConfig<never> | undefined,
  ): Promise<GetConfirmedTransactionResult<'json', TMode>>
  /** @deprecated Nodes from 2.0 on removed `getConfirmedTransaction`: call `getTransaction`. */
  getConfirmedTransaction<TEncoding extends TransactionEncoding>(
    signature: Base58Input,
    config: GetConfirmedTransactionParams<TEncoding>,
  ): Promise<GetConfirmedTransactionResult<TEncoding, TMode>>
  /** @deprecated Nodes from 2.0 on removed `getConfirmedTransaction`: call `getTransaction`. */
  getConfirmedTransaction(
    signature: Base58Input,
    config?: GetConfirmedTransactionParams | undefined,
  ): Promise<GetConfirmedTransactionResult<TransactionEncoding, TMode>>
  /**
   * The deprecated `getConfirmedSignaturesForAddress2`: one page of an address's history.
   * @deprecated Nodes from 2.0 on removed `getConfirmedSignaturesForAddress2` (this client then
   * sends `getSignaturesForAddress` for you): call `getSignaturesForAddress`, its replacement.
   */
  getConfirmedSignaturesForAddress2(
    address: Base58Input,
    config?: GetConfirmedSignaturesForAddress2Config | undefined,
  ): Promise<GetConfirmedSignaturesForAddress2Result<TMode>>
  /**
   * `getTransaction`, the replacement of `getConfirmedTransaction`; `json` unless an encoding
   * is given.
   */
  getTransaction(
    signature: Base58Input,
    config?: GetTransactionConfig<never> | undefined,
  ): Promise<GetTransactionResult<'json', TMode>>
  getTransaction<TEncoding extends TransactionEncoding>(
    signature: Base58Input,
    config: GetTransactionParams<TEncoding>,
  ): Promise<GetTransactionResult<TEncoding, TMode>>
  getTransaction(
    signature: Base58Input,
    config?: GetTransactionParams | undefined,
  ): Promise<GetTransactionResult<TransactionEncoding, TMode>>
  /** `getSignaturesForAddress`, the replacement of `getConfirmedSignaturesForAddress2`. */
  getSignaturesForAddress(
    address: Base58Input,
    config?: GetSignaturesForAddressConfig | undefined,
  ): Promise<GetSignaturesForAddressResult<TMode>>
  /**
   * Walks an address's whole history, newest first, paging backwards with `before` and stopping
   * at `until` (exclusive) or after `limit` entries. Drops duplicates, re-asks lagging nodes,
   * prefetches one page ahead; `.pages()` gives whole pages and `.checkpoint()` a cursor to
   * resume from (option `resume`). See docs/pagination.md.
   */
  signaturesForAddress(
    address: Base58Input,
    options?: SignaturesForAddressOptions | undefined,
  ): SignatureWalk<TMode>
  /**
   * The same walk as `signaturesForAddress`, each entry with its full transaction, fetched with
   * bounded concurrency and yielded in order.
   */
  transactionsForAddress<TEncoding extends TransactionEncoding = 'json'>(
    address: Base58Input,
    options?: TransactionsForAddressOptions<TEncoding> | undefined,
  ): TransactionWalk<TEncoding, TMode>
  /**
   * Any JSON-RPC call, unchecked: the raw `result` as `unknown` (integers above 2^53-1 as digit
   * strings). The escape hatch for methods this client does not wrap; `options.signal` cancels it.
   */
  request(
    method: string,
    params?: readonly unknown[],
    options?: RpcTransportOptions,
  ): Promise<unknown>
}>

// Options of the second wave that became values the caller composes: refused with the way over.
const MOVED_BUDGET = /* @__PURE__ */ moved('createRequestBudget')
const MOVED_RANK = /* @__PURE__ */ moved('createFallbackTransport')

const oneUrl: FieldReader<string> = (value, method, param) =>
  Array.isArray(value)
    ? throwInvalidParam(
        method,
        param,
        'expected one URL; several go in { transport: createFallbackTransport([...]) }',
      )
    : HTTP_TRANSPORT_FIELDS.url(value, method, param)

/**
 * Creates a client for the two deprecated history methods and their replacements.
 *
 * Give it a `url` (an HTTP transport is built with the other options: headers, timeout, retry,
 * hooks) or a ready `transport` (a mock ledger's, or your own function).
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com', u64: 'bigint', timeoutMs: 10_000 })
 * const page = await client.getConfirmedSignaturesForAddress2(
 *   'Vote111111111111111111111111111111111111111',
 *   { limit: 10 },
 * )
 * const first = page[0]
 * if (first) {
 *   const tx = await client.getConfirmedTransaction(first.signature, 'base64')
 *   console.log(tx?.transaction[0].length, first.slot) // slot is a bigint
 * }
 * ```
 */
export function createClient<TMode extends U64Mode = 'bigint'>(
  options: ClientOptions<TMode>,
): Client<TMode> {
  // Every option of `createClient`: an unknown one (a typo, or one of a newer version) is
  // refused. With a ready transport, the HTTP options would go unused: refused like a typo.
  // (The table is built here: at the top of the module, its spreads would stay in every app.)
  const ready = (options as { transport?: unknown } | null)?.transport !== undefined
  const {
    u64: mode,
    transport: given,
    ...policy
  } = readFields(
    options,
    {
      u64: u64Field,
      ...POLICY_FIELDS,
      transport: field<RpcTransport>(isFunction, 'a function'),
      ...(!ready && { ...HTTP_TRANSPORT_FIELDS, url: oneUrl }),
      requestsPerSecond: MOVED_BUDGET,
      rank: MOVED_RANK,
    },
    'createClient',
    'options',
    '',
  )
  const u64 = mode as TMode
  let inner = given
  if (inner === undefined) {
    const http: Record<string, unknown> = {}
    for (const key in HTTP_TRANSPORT_FIELDS) http[key] = (options as Record<string, unknown>)[key]
    inner = createHttpTransport(http as HttpTransportOptions)
  }
  // Everything above the transport (methods, walks, `request`) follows the one policy.
  const transport = withMethodPolicy(inner, {
    methods: policy.methods,
    deprecationWarnings: policy.deprecationWarnings,
    maxSupportedTransactionVersion: policy.maxSupportedTransactionVersion,
  })
  const client: ActionClient<TMode> = {
    transport,
    u64,
    maxSupportedTransactionVersion: policy.maxSupportedTransactionVersion,
  }
  // Each method is its action with this client as the first argument.
  const bind =
    <TArgs extends unknown[], TResult>(
      action: (bound: ActionClient<TMode>, ...args: TArgs) => TResult,
    ) =>
    (...args: TArgs): TResult =>
      action(client, ...args)
  type Methods = Client<TMode>

  return {
    u64,
    maxSupportedTransactionVersion: policy.maxSupportedTransactionVersion,
    transport,
    getConfirmedTransaction: bind(getConfirmedTransaction) as Methods['getConfirmedTransaction'],
    getConfirmedSignaturesForAddress2: bind(
      getConfirmedSignaturesForAddress2,
    ) as Methods['getConfirmedSignaturesForAddress2'],
    getTransaction: bind(getTransaction) as Methods['getTransaction'],
    getSignaturesForAddress: bind(getSignaturesForAddress) as Methods['getSignaturesForAddress'],
    signaturesForAddress: bind(signaturesForAddress) as Methods['signaturesForAddress'],
    transactionsForAddress: bind(transactionsForAddress) as Methods['transactionsForAddress'],
    request: async (method, params = [], callOptions) => {
      if (typeof method !== 'string' || method.length === 0) {
        throw invalidParam('request', 'method', 'expected a non-empty method name')
      }
      if (!Array.isArray(params)) throw invalidParam(method, 'params', 'expected an array')
      return transport({ method, params }, callOptions)
    },
  }
}
