import { describeValue, invalidParam } from '../errors/ConfirmedRpcError'
import { parseJson } from '../json/parseJson'
import { abortedError, BODY_NOT_JSON, malformedError, readRpcResponse } from '../transport/response'
import type { RpcTransport } from '../transport/types'
import { buildLedgerState } from './ledger/buildLedgerState'
import { findAnachronism } from './ledger/findAnachronism'
import { ledgerEra } from './ledger/StorageGeneration'
import type {
  LedgerProfile,
  LedgerState,
  LedgerTransaction,
  TransactionErrorJson,
} from './ledger/types'
import {
  blockTimeFor,
  compareInSlot,
  createRpcContext,
  type RpcContext,
} from './rpc/createRpcContext'
import { encodeTransactionError } from './rpc/encodeTransaction'
import { findWalletHistory, findWalletOwners } from './rpc/findWalletHistory'
import { handleRpcBody, handleRpcText } from './rpc/handleRpcBody'
import { LEDGER_PROFILES, profileRules } from './rpc/profileRules'
import { walletHoldings } from './rpc/walletHoldings'
import type { JsonOut } from './rpc/writeJson'
import { toPlainJson, writeJson } from './rpc/writeJson'

/** Options of {@link createMockLedger}. */
export type CreateMockLedgerOptions = Readonly<{
  /**
   * Seed of the generated ledger: the same seed (and `transactions`) gives the same ledger,
   * signatures included.
   * @default 1
   */
  seed?: number | undefined
  /**
   * Which node release to imitate: its methods, params, shapes and ordering.
   *
   * - `'v1.3'` (1.3.17+): only the deprecated methods (the replacements are -32601), a bare
   *   encoding as getConfirmedTransaction's second param, no commitment; no `blockTime`,
   *   `confirmationStatus`, token balances or transaction rewards; memos always null.
   * - `'v1.6'` (1.6.17-1.6.22): deprecated methods only; `blockTime`, `confirmationStatus`,
   *   token balances without `owner`, rewards; unrecorded logs read back as `[]`.
   * - `'v1.9'`: both method pairs, memos, token `owner`; `maxSupportedTransactionVersion` and
   *   `minContextSlot` are ignored.
   * - `'v1.14'`: v0 messages, `version`, `loadedAddresses`, `returnData`,
   *   `computeUnitsConsumed`, jsonParsed `source`; no `stackHeight`.
   * - `'v1.18'`: the last release with the deprecated methods; legacy commitment levels; an
   *   unknown `before` gives `[]` and an unknown `until` is ignored.
   * - `'v2'` (Agave 2.0-2.2): the deprecated methods answer -32601 `Method not found`.
   * - `'v4'` (Agave 4.0-4.1): an unknown `before`/`until` is -32020
   *   `Transaction <signature> not found`; `transactionIndex`, top-level `stackHeight: 1`,
   *   `costUnits`.
   * - `'v4.2'` (Agave 4.2): as `'v4'`, over a ledger whose newer half also holds v1
   *   transactions (SIMD-0385: `transactionConfig`, the v1 wire, -32015 unless
   *   `maxSupportedTransactionVersion` is 1, for getBlock `full`/`accounts` too) and whose blocks
   *   carry rewards (the leader's fees, epoch rewards with `DeactivatedStake` and
   *   `commissionBps`).
   *
   * - `'old-faithful'`: the Old Faithful archive (rpcpool/yellowstone-faithful), as Triton routes
   *   mainnet history to it: replacement methods only; `until` inclusive; an unknown `before` is
   *   `[]` and an unknown `until` ignored (cursors are looked up in the address's own history); a
   *   `limit` out of 1..1000 is read as 1000; no batches (HTTP 400) and bodies up to 1 KiB (HTTP
   *   413) over `serveMockLedger`; a page spanning two 128-slot epochs lists the older one first;
   *   commitment ignored (finalized history only); getTransaction of an unknown signature is
   *   -32009 and takes a config object only; block rewards as it reads them back from protobuf
   *   (`DeactivatedStake` is `rewardType: "5"`, no `commissionBps`).
   * - `'superbank'`: Superbank (solana-rpc/superbank): Agave 4's paging (exclusive cursors,
   *   -32020, `transactionIndex`), but getSignaturesForAddress refuses an unknown config key,
   *   `limit: 0` and `processed`, and cuts a limit above 1000; an unknown method is
   *   `Method not found: <name>`.
   *
   * Up to `'v1.14'` a slot's history is listed by signature, not block position, and up to
   * `'v1.9'` the ledger holds legacy messages only. Every profile's oldest rows were written by
   * older releases, so they lack newer fields and a few have `meta: null`. The 1.18, 2, 4 and
   * archive profiles generate the same transactions for a seed; 4.2 its own.
   * @default 'v4.2'
   */
  profile?: LedgerProfile | undefined
  /**
   * How many transactions to generate.
   * @default the generator's default (the busiest address then spans several 1,000-entry pages)
   */
  transactions?: number | undefined
  /**
   * Enforce the documented base58 limit: a `base58` (or legacy `binary`) request for a
   * transaction of more than 128 bytes gets -32600 `Encoded binary (base 58) data should be less
   * than 128 bytes, please use Base64 encoding.` (the node's message for account data, which the
   * RPC documentation applies to transactions). With `false` the ledger
   * encodes any size, as Agave does (its 128-byte check applies to account data only).
   * @default true
   */
  base58Limit?: boolean | undefined
  /**
   * A ledger to serve as it is, instead of generating one (`seed` and `transactions` are then
   * not used): hand-made fixtures for table-driven tests. It must be one the profile's release
   * could hold: a v0 message on a profile before `'v1.14'` throws (generate the state with that
   * profile instead).
   * @default undefined
   */
  state?: LedgerState | undefined
  /**
   * Provider methods (not part of any node release) to serve on top of the profile's own, as
   * some RPC providers do: `'getTransactionsForAddress'` (Helius' address history with filters,
   * both sort orders and `paginationToken`s). A method not listed answers -32601, like a plain node.
   * @default []
   */
  providerMethods?: readonly 'getTransactionsForAddress'[] | undefined
  /**
   * The first slot whose token account ownership getTransactionsForAddress's `tokenAccounts`
   * filter (`'balanceChanged'`, `'all'`) sees: below it, it matches the address's own
   * transactions only, as Helius serves no owner data before slot 111,491,819
   * (https://www.helius.dev/docs/zh/rpc/gettransactionsforaddress). The generated ledgers' slots
   * start near 250,011,000, so pass a slot inside the ledger to reproduce the cut.
   * @default undefined (ownership seen in every slot)
   */
  providerOwnerDataSlot?: number | undefined
  /**
   * Weave token account lives into the generated ledger: associated accounts created by their
   * wallet or for it (and created again at the same address after a close), accounts
   * initialized with InitializeAccount3 by their owner or by someone else, used, emptied and
   * closed, Token-2022 accounts, wrapped SOL opened and closed in one transaction, SOL sent to
   * closed accounts, and accounts handed to a wallet by a third party that later closes them
   * alone. Without it the ledger is the one a seed always gave.
   * @default false
   */
  tokenLifecycles?: boolean | undefined
}>

/** Options of the `signatures` method of a {@link MockLedger}. */
export type MockLedgerSignaturesOptions = Readonly<{
  /**
   * Which frontier bounds the history: `finalized` leaves out transactions in slots that are
   * only confirmed. The `'v1.3'` profile has no commitment and always reads `finalized`, as its
   * node did.
   * @default 'finalized'
   */
  commitment?: 'confirmed' | 'finalized' | undefined
}>

/** Options of the `walletSignatures` and `walletEntries` methods of a {@link MockLedger}. */
export type MockLedgerWalletOptions = MockLedgerSignaturesOptions &
  Readonly<{
    /**
     * S0, the slot the walk listed the token accounts at (a walk's `checkpoint().upperSlot`):
     * the history as of that slot. A node behind the pool lists at an older slot.
     * @default the frontier at `commitment`
     */
    upperSlot?: number | undefined
  }>

/** Options of the `handleText` method of a {@link MockLedger}. */
export type MockLedgerHandleTextOptions = Readonly<{
  /**
   * Answer as a node this many slots behind: every frontier moves back, so newer transactions
   * are missing (the stale-node fault of `serveMockLedger`).
   * @default 0
   */
  lagSlots?: number | undefined
}>

/** One entry of a {@link MockLedger}'s `signatures`: what getSignaturesForAddress reports for it. */
export type MockSignatureInfo = Readonly<{
  signature: string
  slot: number
  err: TransactionErrorJson | null
  memo: string | null
  /** Left out by the `'v1.3'` profile, as on the node. */
  blockTime?: number | null | undefined
  /** Left out by the `'v1.3'` profile, as on the node. */
  confirmationStatus?: 'confirmed' | 'finalized' | undefined
  /** Position in the block; with the `'v4'` and `'v4.2'` profiles only, as on the node. */
  transactionIndex?: number | undefined
}>

/** An in-memory ledger node; see {@link createMockLedger}. */
export type MockLedger = Readonly<{
  /** The node release this ledger imitates. */
  profile: LedgerProfile
  /** The ledger model it answers from. */
  state: LedgerState
  /**
   * An in-process `RpcTransport`: the request is serialized, answered and parsed back exactly as
   * over HTTP (lossless JSON, `readRpcResponse`), so results and errors are those a client gets
   * from `serveMockLedger`. Honours `signal`.
   */
  transport: RpcTransport
  /**
   * Answers a JSON-RPC request object or batch array with the response object or array (or
   * undefined when only notifications were sent). u64 values above 2^53-1 come back as
   * `bigint`, all other numbers as numbers.
   */
  handle(body: unknown): unknown
  /**
   * Answers a request body given as text with the response text: -32700 `Parse error` for text
   * that is not JSON, `''` when only notifications were sent. What the servers use.
   */
  handleText(text: string, options?: MockLedgerHandleTextOptions): string
  /** Addresses that have history, busiest first. */
  addresses(): readonly string[]
  /**
   * Owners of the ledger's token accounts: every address that holds or held one (closed ones
   * count), busiest first as in `addresses()`. The first is a wallet whose `walletHistory` walks
   * token accounts besides the owner; `createMockLedger({ tokenLifecycles: true })` gives its
   * owners closed and re-created accounts too. Empty for a hand-made `state` without
   * `tokenAccounts`.
   *
   * @example
   * ```ts
   * import { createClient } from 'confirmed-rpc'
   * import { walletHistory } from 'confirmed-rpc/actions'
   * import { createMockLedger } from 'confirmed-rpc/testing'
   *
   * const ledger = createMockLedger({ seed: 1, tokenLifecycles: true })
   * const [owner = ''] = ledger.walletOwners()
   * const client = createClient({ transport: ledger.transport, u64: 'bigint' })
   * for await (const entry of walletHistory(client, owner, { limit: 20 })) {
   *   console.log(entry.slot, entry.signature, entry.sources) // the owner and its token accounts
   * }
   * ```
   */
  walletOwners(): readonly string[]
  /**
   * The address's full history, newest first, as getSignaturesForAddress (or, on `'v1.3'` and
   * `'v1.6'`, getConfirmedSignaturesForAddress2) would page through it at `commitment`: the
   * oracle for tests. Within a slot the order is the profile's: block position from `'v1.18'`,
   * signature (highest first) before. Fields are those the profile's node sends.
   */
  signatures(address: string, options?: MockLedgerSignaturesOptions): readonly MockSignatureInfo[]
  /** A transaction of the ledger by its (first) signature, whatever its commitment. */
  transaction(signature: string): LedgerTransaction | undefined
  /**
   * The oracle of a wallet's history, newest first: the signatures of W(O) = H(O) ∪ ⋃ R(a) as
   * of S0, the frontier at `commitment` (where getTokenAccountsByOwner reads). H(x) is x's own
   * history (`signatures(x)`). The accounts a are (1) those the owner holds at S0, each with its
   * whole history R(a) = H(a); (2) every other account an owner transaction T ∈ H(O) attributes
   * to the owner, as the profile serves T: a token balance (pre or post) whose `owner` is O (A1);
   * a token balance whose account is O's associated account for its mint (A2); an associated
   * account Create/CreateIdempotent for O, InitializeAccount with O as account 2,
   * InitializeAccount2/3 or SetAuthority(AccountOwner) naming O in data (A3). For those,
   * R(a) is H(a) from d(a), the newest such T, down (d(a) included, in the node's listing
   * order). Each signature once, newest slot first, and within a slot in the order
   * `walletHistory` promises: by block position where the profile sends `transactionIndex`;
   * else every address's own listing order kept, and where none orders two entries, the greater
   * signature (by its bytes) first.
   */
  walletSignatures(owner: string, options?: MockLedgerWalletOptions): readonly string[]
  /**
   * The entries of `walletSignatures` with the addresses each was found under (`sources`: the
   * owner first when it is one, then the token accounts in string order).
   */
  walletEntries(owner: string, options?: MockLedgerWalletOptions): readonly MockWalletEntry[]
  /**
   * The oracle of a wallet's holdings after slot `slot` (by default the finalized frontier, where
   * getBalance and getTokenAccountsByOwner read): `'SOL'` is the owner's lamports plus the
   * lamports of every token account it owns (rent deposits and wrapped SOL included); each other
   * mint is the sum of the amounts of its token accounts of that mint, 0 for a mint it holds an
   * empty account of. Token-2022 accounts count where the profile's node knows the program.
   *
   * @example
   * ```ts
   * import { createMockLedger } from 'confirmed-rpc/testing'
   *
   * const ledger = createMockLedger({ seed: 1, tokenLifecycles: true })
   * const [owner = ''] = ledger.walletOwners()
   * for (const [asset, amount] of ledger.walletHoldings(owner)) console.log(asset, amount)
   * ```
   */
  walletHoldings(owner: string, options?: MockLedgerHoldingsOptions): ReadonlyMap<string, bigint>
}>

/** Options of the `walletHoldings` method of a {@link MockLedger}. */
export type MockLedgerHoldingsOptions = Readonly<{
  /**
   * The holdings after this slot's transactions (a walk's `checkpoint().upperSlot`).
   * @default the finalized frontier
   */
  slot?: number | bigint | undefined
}>

/** One entry of a {@link MockLedger}'s `walletEntries`. */
export type MockWalletEntry = Readonly<{
  signature: string
  slot: number
  sources: readonly string[]
}>

/**
 * Creates an in-memory ledger node that answers getConfirmedTransaction,
 * getConfirmedSignaturesForAddress2, getTransaction and getSignaturesForAddress with the node's
 * semantics: parameter checks and error texts, commitment frontiers, ordering, exclusive
 * `before`/`until` cursors, encodings and jsonParsed parsers. Serve it over HTTP with
 * `serveMockLedger`, or through msw with `mockLedgerHandlers`.
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { createMockLedger } from 'confirmed-rpc/testing'
 *
 * const ledger = createMockLedger({ seed: 7, profile: 'v1.18' })
 * const client = createClient({ transport: ledger.transport })
 * const [busiest = ''] = ledger.addresses()
 * const page = await client.getConfirmedSignaturesForAddress2(busiest, { limit: 10 })
 * console.log(page.length === 10, ledger.signatures(busiest).length)
 * ```
 */
export function createMockLedger(options: CreateMockLedgerOptions = {}): MockLedger {
  const { seed = 1, profile = 'v4.2', transactions, base58Limit = true } = options
  if (!LEDGER_PROFILES.includes(profile)) {
    throw invalidParam(
      'createMockLedger',
      'profile',
      `expected one of ${LEDGER_PROFILES.map((name) => `'${name}'`).join(', ')}, got ${describeValue(profile)}`,
    )
  }
  const state = stateOf(options, profile, seed, transactions)
  const rules = profileRules(profile, options.providerMethods, options.providerOwnerDataSlot)
  const baseContext = createRpcContext(state, rules, base58Limit)

  const handleText = (text: string, handleOptions?: MockLedgerHandleTextOptions): string => {
    const lagSlots = handleOptions?.lagSlots ?? 0
    const ctx = lagSlots > 0 ? createRpcContext(state, rules, base58Limit, lagSlots) : baseContext
    return handleRpcText(ctx, text)
  }

  const transport = createLedgerTransport(handleText)

  const frontierOf = (walletOptions?: MockLedgerWalletOptions): number =>
    walletOptions?.upperSlot ??
    (rules.commitmentParam && walletOptions?.commitment === 'confirmed'
      ? state.frontiers.confirmed
      : state.frontiers.finalized)
  let owners: readonly string[] | undefined
  return {
    profile,
    state,
    transport,
    handle: (body) => {
      const response = handleRpcBody(baseContext, body)
      return response === undefined ? undefined : toPlainJson(response)
    },
    handleText,
    addresses: () => state.addresses,
    walletOwners: () => {
      owners ??= findWalletOwners(state)
      return owners
    },
    signatures: (address, signaturesOptions) =>
      listSignatures(baseContext, address, signaturesOptions),
    transaction: (signature) => state.bySignature.get(signature),
    walletSignatures: (owner, walletOptions) =>
      findWalletHistory(baseContext, owner, frontierOf(walletOptions)).map(
        (entry) => entry.signature,
      ),
    walletEntries: (owner, walletOptions) =>
      findWalletHistory(baseContext, owner, frontierOf(walletOptions)),
    walletHoldings: (owner, holdingsOptions) =>
      walletHoldings(
        state,
        rules,
        owner,
        Number(holdingsOptions?.slot ?? state.frontiers.finalized),
      ),
  }
}

/** The ledger's state: the one given (if the profile's node can serve it) or a new one. */
function stateOf(
  options: CreateMockLedgerOptions,
  profile: LedgerProfile,
  seed: number,
  transactions: number | undefined,
): LedgerState {
  if (options.state !== undefined) {
    const anachronism = findAnachronism(options.state, ledgerEra(profile))
    if (anachronism !== undefined) {
      throw invalidParam(
        'createMockLedger',
        'state',
        `it holds a ${anachronism}, which a '${profile}' node cannot serve; build the state with that profile`,
      )
    }
  }
  return (
    options.state ??
    buildLedgerState({
      seed,
      profile,
      ...(transactions === undefined ? {} : { transactions }),
      ...(options.tokenLifecycles === true ? { tokenLifecycles: true } : {}),
    })
  )
}

/** A transport over the node's text handler: each call is one JSON-RPC request, as over HTTP. */
function createLedgerTransport(handleText: (text: string) => string): RpcTransport {
  let nextId = 1
  return async (request, transportOptions) => {
    const signal = transportOptions?.signal
    const context = { method: request.method }
    if (signal?.aborted) throw abortedError(signal.reason, context)
    const id = nextId++
    const text = handleText(
      writeJson({
        jsonrpc: '2.0',
        id,
        method: request.method,
        params: request.params as readonly JsonOut[],
      }),
    )
    // Yield once, as a network call would, so that an abort issued right after the call counts.
    await Promise.resolve()
    if (signal?.aborted) throw abortedError(signal.reason, context)
    let body: unknown
    try {
      body = parseJson(text)
    } catch {
      throw malformedError(BODY_NOT_JSON, context, text.slice(0, 200))
    }
    return readRpcResponse(body, id, context)
  }
}

/** The node's finalized (or confirmed) signatures of `address`, newest first. */
function listSignatures(
  ctx: RpcContext,
  address: string,
  signaturesOptions: MockLedgerSignaturesOptions | undefined,
): MockSignatureInfo[] {
  const { state, rules } = ctx
  // A release without a commitment param reads at the highest root only.
  // (An archive serves finalized history whatever the commitment.)
  const commitment =
    rules.commitmentParam && rules.archive === undefined
      ? (signaturesOptions?.commitment ?? 'finalized')
      : 'finalized'
  const highest = commitment === 'confirmed' ? state.frontiers.confirmed : state.frontiers.finalized
  const history = (state.byAddress.get(address) ?? []).filter(
    (tx) => tx.slot <= highest && tx.slot >= state.firstAvailableSlot,
  )
  history.sort((a, b) => b.slot - a.slot || compareInSlot(b, a, rules.blockOrderInSlot))
  return history.map(
    (tx): MockSignatureInfo => ({
      signature: tx.signature,
      slot: tx.slot,
      err: encodeTransactionError(tx.meta.err, rules) as TransactionErrorJson | null,
      memo: rules.memos ? tx.memo : null,
      ...(rules.blockTime ? { blockTime: blockTimeFor(ctx, tx.slot, commitment) } : {}),
      ...(rules.confirmationStatus
        ? {
            confirmationStatus: tx.slot <= state.frontiers.finalized ? 'finalized' : 'confirmed',
          }
        : {}),
      ...(rules.transactionIndex ? { transactionIndex: tx.indexInBlock } : {}),
    }),
  )
}
