import type { SignatureInfo } from '../../schemas/SignatureInfo'

/** One exported entry: the signature info, and with `--transactions` its transaction. */
export type HistoryEntry = Readonly<{
  info: SignatureInfo<'bigint'>
  /** Present with `--transactions` only: the transaction, or `null` if the node had none. */
  transaction?: unknown
}>
