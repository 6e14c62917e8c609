/**
 * The web3.js v1 `Connection` methods the codemod rewrites, and how:
 *
 * - `rename`: same arguments, same result (`getSignaturesForAddress` takes the same address,
 *   options and commitment, and its options type is a superset of the old one).
 * - `versioned`: the commitment argument becomes a config object with
 *   `maxSupportedTransactionVersion: 0`, so that v0 transactions are returned instead of failing.
 * - `resultShapeChanges`: the result is a different type (`getConfirmedTransaction` resolves
 *   `transaction` to a web3.js `Transaction`; `getTransaction` to `{ message, signatures }`), so
 *   the call is rewritten only where no code can read the changed part. The parsed variants
 *   return the same type (`ParsedConfirmedTransaction` is an alias of `ParsedTransactionWithMeta`).
 * - `none`: never rewritten, always reported with `why`. `getConfirmedSignaturesForAddress`
 *   (address, startSlot, endSlot) is built in web3.js v1 on getConfirmedBlockSignatures and
 *   getConfirmedSignaturesForAddress2 (`Connection.getConfirmedSignaturesForAddress` in
 *   `src/connection.ts`), both removed in Agave 2.0, so it fails there; no `Connection` method
 *   takes a slot range, so no one call keeps its meaning.
 */
export const DEPRECATED_METHODS = {
  getConfirmedSignaturesForAddress: {
    replacement: 'getSignaturesForAddress',
    config: 'none',
    resultShapeChanges: true,
    maxArguments: 3,
    why: 'web3.js builds it on methods Agave 2.0 removed (getConfirmedBlockSignatures, getConfirmedSignaturesForAddress2), and no one call replaces its slot range: page getSignaturesForAddress between `before`/`until` signatures taken from getBlockSignatures',
  },
  getConfirmedSignaturesForAddress2: {
    replacement: 'getSignaturesForAddress',
    config: 'rename',
    resultShapeChanges: false,
    maxArguments: 3,
  },
  getConfirmedTransaction: {
    replacement: 'getTransaction',
    config: 'versioned',
    resultShapeChanges: true,
    maxArguments: 2,
  },
  getParsedConfirmedTransaction: {
    replacement: 'getParsedTransaction',
    config: 'versioned',
    resultShapeChanges: false,
    maxArguments: 2,
  },
  getParsedConfirmedTransactions: {
    replacement: 'getParsedTransactions',
    config: 'versioned',
    resultShapeChanges: false,
    maxArguments: 2,
  },
} as const

/** The name of a method in {@link DEPRECATED_METHODS}. */
export type DeprecatedMethod = keyof typeof DEPRECATED_METHODS

/** Whether a property name is one of the methods the codemod rewrites. */
export function isDeprecatedMethod(name: string): name is DeprecatedMethod {
  return Object.hasOwn(DEPRECATED_METHODS, name)
}
