/** How the codemod treats calls of one deprecated `Connection` method: see {@link DEPRECATED_METHODS}. */
export type DeprecatedMethodSpec = Readonly<{
  /** The method web3.js names in its `@deprecated` tag: what a rewritten call calls. */
  replacement: string
  /**
   * - `rename`: only the name changes (same arguments);
   * - `versioned`: the commitment argument becomes a config object that also sets
   *   `maxSupportedTransactionVersion`, so that versioned transactions come back instead of failing;
   * - `none`: never rewritten; the call is left with a comment saying `why`.
   */
  rewrite: 'rename' | 'versioned' | 'none'
  /** More arguments than this is a call the codemod does not understand: it is left. */
  maxArguments: number
  /**
   * The part of the result the replacement changes (`['value', 'feeCalculator']` is
   * `result.value.feeCalculator`): a call whose code reads it, or whose result goes where the
   * codemod cannot follow it, is left (see findResultShapeUse).
   */
  changedResult?: readonly string[]
  /** Why a call that reads `changedResult` cannot move: what the replacement has instead. */
  change?: string
  /** For the report of a rewritten call: what is the same, what differs in its result. */
  result?: string
  /** For `none`: why no call replaces it, and what to do instead (`{version}`: the version to ask). */
  why?: string
}>

/**
 * Every method web3.js 1.99 marks `@deprecated` on `Connection` as a whole (its `lib/index.d.ts`),
 * and what the codemod does with a call of each. What each one sends was read in web3.js 1.99's
 * `src/connection.ts`:
 *
 * - `getConfirmedSignaturesForAddress2` sends itself, which Agave 2.0 removed: renamed
 *   (`getSignaturesForAddress` takes the same arguments and returns the same entries).
 * - `getConfirmedBlockSignatures` sends the same `getBlock` request as `getBlockSignatures`:
 *   renamed (only its error text differs).
 * - `getRecentBlockhash(AndContext)` send `getLatestBlockhash` already, with a `feeCalculator`
 *   whose `lamportsPerSignature` throws: renamed where the result's `feeCalculator` is not read.
 * - `getConfirmedTransaction` and the parsed variants send `getTransaction` without a version,
 *   so versioned transactions fail (`-32015`): moved to the replacement with
 *   `maxSupportedTransactionVersion`; `getConfirmedTransaction` only where its `transaction` (a
 *   web3.js `Transaction`, `{ message, signatures }` after) is not read.
 * - `getConfirmedSignaturesForAddress` (its block lookups send `getBlock`, then it calls
 *   `getConfirmedSignaturesForAddress2`), `getConfirmedBlock` (`getBlock` without a version,
 *   results decoded into `Transaction`s), `getFeeCalculatorForBlockhash` and
 *   `getStakeActivation` (methods Agave 2.0 removed), `getTotalSupply` (works: it is `getSupply`
 *   read for its total): no one call does the same; each is left with what to do.
 *
 * Overloads web3.js deprecates while the method stays (`getTransaction`, `getTransactions` and
 * `getBlock` without `maxSupportedTransactionVersion`, `confirmTransaction(signature)`, the
 * legacy `sendTransaction` and `simulateTransaction`, `onAccountChange(key, callback,
 * commitment)`) are not the codemod's: the compiler's deprecation hint shows them.
 */
export const DEPRECATED_METHODS = {
  getConfirmedSignaturesForAddress: {
    replacement: 'getSignaturesForAddress',
    rewrite: 'none',
    maxArguments: 3,
    why: 'web3.js ends it with getConfirmedSignaturesForAddress2, which Agave 2.0 removed (its getBlock lookups still work), and no call takes a slot range: page getSignaturesForAddress between `before`/`until` signatures from getBlockSignatures',
  },
  getConfirmedSignaturesForAddress2: {
    replacement: 'getSignaturesForAddress',
    rewrite: 'rename',
    maxArguments: 3,
    result: 'same arguments, same result',
  },
  getConfirmedBlockSignatures: {
    replacement: 'getBlockSignatures',
    rewrite: 'rename',
    maxArguments: 2,
    result: 'same arguments, same request and result (only its error text differs)',
  },
  getConfirmedBlock: {
    replacement: 'getBlock',
    rewrite: 'none',
    maxArguments: 2,
    why: 'web3.js sends getBlock without maxSupportedTransactionVersion, so a block holding a v0 or v1 transaction fails (-32015); no call returns web3.js Transactions: use `getBlock(slot, { maxSupportedTransactionVersion: {version} })` (transactions as `{ message, signatures }`, null for a missing block) or getBlockSignatures',
  },
  getConfirmedTransaction: {
    replacement: 'getTransaction',
    rewrite: 'versioned',
    maxArguments: 2,
    changedResult: ['transaction'],
    change:
      "getTransaction's `transaction` is `{ message, signatures }`, not a web3.js Transaction",
    result:
      'its `transaction` becomes `{ message, signatures }` (not read here) and the result carries `version`',
  },
  getParsedConfirmedTransaction: {
    replacement: 'getParsedTransaction',
    rewrite: 'versioned',
    maxArguments: 2,
    result: "same type, but the result now carries `version` ('legacy' on legacy transactions)",
  },
  getParsedConfirmedTransactions: {
    replacement: 'getParsedTransactions',
    rewrite: 'versioned',
    maxArguments: 2,
    result: "same type, but each result now carries `version` ('legacy' on legacy transactions)",
  },
  getRecentBlockhash: {
    replacement: 'getLatestBlockhash',
    rewrite: 'rename',
    maxArguments: 1,
    changedResult: ['feeCalculator'],
    change: 'getLatestBlockhash has none: get a fee from getFeeForMessage',
    result:
      'same arguments and request; the result has `lastValidBlockHeight` instead of `feeCalculator` (not read here)',
  },
  getRecentBlockhashAndContext: {
    replacement: 'getLatestBlockhashAndContext',
    rewrite: 'rename',
    maxArguments: 1,
    changedResult: ['value', 'feeCalculator'],
    change: 'getLatestBlockhashAndContext has none: get a fee from getFeeForMessage',
    result:
      'same arguments and request; its `value` has `lastValidBlockHeight` instead of `feeCalculator` (not read here)',
  },
  getFeeCalculatorForBlockhash: {
    replacement: 'getFeeForMessage',
    rewrite: 'none',
    maxArguments: 2,
    why: 'Agave 2.0 removed it: test a blockhash with isBlockhashValid, get the fee of a message with getFeeForMessage',
  },
  getStakeActivation: {
    replacement: 'getAccountInfo',
    rewrite: 'none',
    maxArguments: 3,
    why: 'Agave 2.0 removed it and web3.js has no replacement: compute it from the stake account and StakeHistory (@anza-xyz/solana-rpc-get-stake-activation does)',
  },
  getTotalSupply: {
    replacement: 'getSupply',
    rewrite: 'none',
    maxArguments: 1,
    why: 'it works on every node (web3.js sends getSupply for it); to drop it, call `getSupply({ commitment, excludeNonCirculatingAccountsList: true })` and read `.value.total`',
  },
} as const satisfies Readonly<Record<string, DeprecatedMethodSpec>>

/** The name of a method in {@link DEPRECATED_METHODS}. */
export type DeprecatedMethod = keyof typeof DEPRECATED_METHODS

/** Whether a property name is one of the methods the codemod knows. */
export function isDeprecatedMethod(name: string): name is DeprecatedMethod {
  return Object.hasOwn(DEPRECATED_METHODS, name)
}

/** The spec of a method, with its optional fields readable (the table is `as const`). */
export function methodSpec(method: DeprecatedMethod): DeprecatedMethodSpec {
  return DEPRECATED_METHODS[method]
}
