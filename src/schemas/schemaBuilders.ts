/**
 * Building blocks of the result schemas. The schemas are plain JSON Schema objects: they give the
 * static types (through `Static`) and, at build time, the input of `scripts/generateValidators.ts`.
 * Nothing here runs in the shipped client: the decoders import only types from the schema files.
 */
import { type TSchema, type TUnsafe, Type } from '@sinclair/typebox'
import type { U64, U64Mode } from './common'

/**
 * Keyword that marks a 64-bit integer field: `'u64'` or `'i64'`. The generated validators accept a
 * JSON integer or a string of digits there (`parseJson` turns integers beyond 2^53-1 into digit
 * strings) and convert it to the caller's u64 mode.
 */
export const INT64_KEYWORD = 'x-int64'

/**
 * Keyword that marks an externally tagged enum that newer nodes may extend (`TransactionError`,
 * `InstructionError`): any string and any single-key object are accepted, and the payload of a
 * variant listed in `anyOf` is checked.
 */
export const OPEN_VARIANTS_KEYWORD = 'x-open-variants'

/**
 * Keyword that marks an object with exactly one key, whose name is data rather than a field name:
 * the 1.2.10-1.2.17 `jsonParsed` forms `{ "<pubkey>": ["writable", "signer"] }` and
 * `{ "<program>": parsed }`. Its value is `{ payload, reserved }`: the schema of the one value, and
 * the field names of the modern forms, which the one key may not be (so that a malformed modern
 * entry is reported as such, not taken for the old form).
 */
export const SINGLE_KEY_KEYWORD = 'x-single-key'

/** An unsigned 64-bit field: `number` or `bigint` by mode. */
export const U64Schema = <TMode extends U64Mode>(): TUnsafe<U64<TMode>> =>
  Type.Unsafe<U64<TMode>>({ [INT64_KEYWORD]: 'u64' })

/** A signed 64-bit field (block times, reward lamports): `number` or `bigint` by mode. */
export const I64Schema = <TMode extends U64Mode>(): TUnsafe<U64<TMode>> =>
  Type.Unsafe<U64<TMode>>({ [INT64_KEYWORD]: 'i64' })

/** A u8/u16/u32 field: a non-negative integer, always a `number`. */
export const Uint = () => Type.Integer({ minimum: 0 })

/** One of the given strings (a JSON Schema `enum`). */
export const StringEnum = <const T extends readonly string[]>(values: T): TUnsafe<T[number]> =>
  Type.Unsafe<T[number]>({ enum: [...values] })

/** `T | null`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/**
 * Gives a schema the static type `T`, so that hovers show `TokenBalance` instead of its expanded
 * fields. `T` must be `Static` of the schema (each call site derives it so).
 */
export const Named = <T>(schema: TSchema): TUnsafe<T> => Type.Unsafe<T>(schema)

/**
 * The static type of a variant a newer node may send that this version does not list: its name as
 * a string, or an object with one key. Known object keys are excluded (`?: never`), so that
 * `'InstructionError' in error` still narrows to the known variant.
 */
export type UnknownVariant<TKnownKeys extends string> =
  | (string & Record<never, never>)
  | ({ readonly [variant: string]: unknown } & { readonly [K in TKnownKeys]?: never })

/** The keys of the object variants of a union of externally tagged variants. */
export type ObjectVariantKeys<T> = T extends object ? keyof T & string : never

/**
 * An externally tagged enum open to new variants, typed `T` (the known union plus
 * {@link UnknownVariant}). At run time: any string or single-key object, with the payloads of the
 * known object variants checked.
 */
export const OpenVariants = <T>(known: TSchema, id: string): TUnsafe<T> =>
  Type.Unsafe<T>({ ...known, $id: id, [OPEN_VARIANTS_KEYWORD]: true })

/**
 * An object with one key that is not one of `reserved`, whose value matches `payload`, typed `T`
 * (see {@link SINGLE_KEY_KEYWORD}).
 */
export const SingleKey = <T>(
  payload: TSchema,
  reserved: readonly string[],
  id: string,
): TUnsafe<T> =>
  Type.Unsafe<T>({ type: 'object', $id: id, [SINGLE_KEY_KEYWORD]: { payload, reserved } })
