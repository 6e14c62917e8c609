/** The fields of a history entry the browser walk is compared on. */
export type HistoryFields = Readonly<{
  signature: string
  slot: number
  err: unknown
  memo: string | null
  blockTime?: number | null | undefined
  confirmationStatus?: string | null | undefined
}>

/** Keeps the compared fields of a history entry, in a fixed order. */
export function pickHistoryFields(info: HistoryFields): HistoryFields {
  const { signature, slot, err, memo, blockTime, confirmationStatus } = info
  return { signature, slot, err, memo, blockTime, confirmationStatus }
}
