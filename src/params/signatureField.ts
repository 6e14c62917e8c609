import type { Base58Input } from '../schemas/common'
import type { FieldReader } from './readFields'
import { SIGNATURE, toBase58String } from './toBase58String'

/** Reads a field that is a transaction signature, as base58 text. @internal */
export const signatureField: FieldReader<string | undefined> = (value, method, param) =>
  value === undefined ? undefined : toBase58String(value as Base58Input, SIGNATURE, method, param)
