/**
 * The columns of `--format csv`, in order: the fields of a signature entry, then `transaction`
 * with `--transactions`. A field the node did not send is an empty cell.
 */
export function csvColumns(transactions: boolean): readonly string[] {
  const columns = [
    'signature',
    'slot',
    'blockTime',
    'err',
    'memo',
    'confirmationStatus',
    'transactionIndex',
  ]
  return transactions ? [...columns, 'transaction'] : columns
}
