/** How u64/i64 fields (slots, lamports, fees, block times) reach the caller. */
export type U64Mode = 'number' | 'bigint'

/** A u64/i64 field's type in a given {@link U64Mode}. */
export type U64<TMode extends U64Mode> = TMode extends 'bigint' ? bigint : number

/**
 * Transaction encodings the two transaction methods accept. `binary` is the oldest one: the
 * serialized transaction as a plain base58 string (what nodes before 1.2.25 / 1.3.4, which have no
 * `base58`/`base64`, offer besides `json`); every later node still serves it.
 */
export type TransactionEncoding = 'json' | 'jsonParsed' | 'base58' | 'base64' | 'binary'

/**
 * Commitment levels the history methods accept. `processed` is not one: nodes reject it with
 * ``Method does not support commitment below `confirmed` ``, and so does this client, before sending.
 */
export type Commitment = 'confirmed' | 'finalized'

/** A base58 string, or anything with `toBase58()` (a web3.js `PublicKey`). */
export type Base58Input = string | Readonly<{ toBase58(): string }>
