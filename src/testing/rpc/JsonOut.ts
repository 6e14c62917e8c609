/**
 * Text that `writeJson` copies into the output as it is: a number already formatted the way the
 * node formats it (an `f64` such as `1.0`), which a JS number cannot carry.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/**
 * A JSON value as the mock ledger builds its answers. `bigint` is written as its exact digits
 * (u64 fields), `undefined` members are left out (the node's skipped fields); in arrays they are written as
 * null, as JSON.stringify does.
 */
export type JsonOut =
  | string
  | number
  | boolean
  | null
  | bigint
  | RawJson
  | readonly (JsonOut | undefined)[]
  | { readonly [key: string]: JsonOut | undefined }
