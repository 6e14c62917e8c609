/** A JSON path segment: an object key or an array index. */
export type PathSegment = string | number

/**
 * The first mismatch a generated validator found. Validators return it instead of throwing, and
 * each caller prepends its own keys, so that paths are built only when something failed.
 */
export type Miss = {
  /** `true` for an exact integer the `number` mode cannot hold (UNSAFE_INTEGER). */
  unsafe: boolean
  /** What the schema expected, e.g. `u64`, `string | null`. */
  expected: string
  /** The value found there. */
  value: unknown
  /** Keys from the validated root down to the value. */
  path: PathSegment[]
}
