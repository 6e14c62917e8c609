/** The ts-morph module, as `await import('ts-morph')` gives it (a type only: nothing loads). */
export type TsMorph = typeof import('ts-morph')
