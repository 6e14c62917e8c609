/** The two deprecated methods this package maps, and the method that replaced each (Solana PR #16502, 1.7). */
export const REPLACEMENT_OF = {
  getConfirmedTransaction: 'getTransaction',
  getConfirmedSignaturesForAddress2: 'getSignaturesForAddress',
} as const

/** One of the two deprecated methods. */
export type DeprecatedMethod = keyof typeof REPLACEMENT_OF

/** One of the two replacement methods. */
export type ReplacementMethod = (typeof REPLACEMENT_OF)[DeprecatedMethod]

/** The reverse of {@link REPLACEMENT_OF}. @internal */
export const DEPRECATED_OF: Readonly<Record<ReplacementMethod, DeprecatedMethod>> = {
  getTransaction: 'getConfirmedTransaction',
  getSignaturesForAddress: 'getConfirmedSignaturesForAddress2',
}

/** @internal */
export function isDeprecatedMethod(method: string): method is DeprecatedMethod {
  return Object.hasOwn(REPLACEMENT_OF, method)
}

/** @internal */
export function isReplacementMethod(method: string): method is ReplacementMethod {
  return Object.hasOwn(DEPRECATED_OF, method)
}
