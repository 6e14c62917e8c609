/**
 * The columns of `--format csv`, in order: the fields of a signature entry, `sources` with
 * `--wallet` (the addresses an entry was found under, space-separated), then `transaction` with
 * `--transactions`. A field the node did not send is an empty cell.
 */
export function csvColumns(transactions: boolean, wallet = false): readonly string[] {
  const columns = [
    'signature',
    'slot',
    'blockTime',
    'err',
    'memo',
    'confirmationStatus',
    'transactionIndex',
  ]
  const withSources = wallet ? [...columns, 'sources'] : columns
  return transactions ? [...withSources, 'transaction'] : withSources
}
