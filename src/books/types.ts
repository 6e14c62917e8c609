/** One account's change of one asset in one transaction record. */
export type BalanceChange = Readonly<{
  /** The account whose balance moved (base58). */
  account: string
  /** `'SOL'` for the account's lamports, else the token mint (base58). */
  asset: 'SOL' | (string & {})
  /** Who owns the account (base58); `null` where the record's era did not say. */
  owner: string | null
  /** Balance before the transaction, in base units (lamports, or the token's smallest unit). */
  before: bigint
  /** Balance after the transaction, in base units. */
  after: bigint
  /** `after - before`, in base units: negative when the balance fell. */
  delta: bigint
  /** Decimal places of the asset (9 for SOL). */
  decimals: number
}>
/** The owner's holdings' change of one asset in one transaction. */
export type BookDelta = Readonly<{
  /** `'SOL'` (the owner's lamports and its token accounts' lamports), else the token mint. */
  asset: 'SOL' | (string & {})
  /** The change, in base units; for SOL it includes the fee the owner paid. */
  delta: bigint
  /** Decimal places of the asset (9 for SOL). */
  decimals: number
}>
/** One row of a wallet's books: a transaction that changed the owner's holdings or charged it a fee. */
export type BookRow = Readonly<{
  /** The transaction's signature (base58): its hash in every tax format. */
  signature: string
  /** The slot the transaction landed in. */
  slot: bigint
  /** Unix time (seconds, UTC) of the block; `null` where the node did not record it. */
  blockTime: number | null
  /** Whether the transaction failed (its fee is charged all the same). */
  failed: boolean
  /** What the owner paid as the transaction fee (0n when another account paid it). */
  fee: bigint
  /** The owner's holdings' change per asset. */
  deltas: readonly BookDelta[]
  /** The owner's entries that moved (its own lamports, its token accounts). */
  accounts: readonly BalanceChange[]
}>
/** One asset of a reconciliation: the rows' sum against what the chain holds. */
export type ReconciledAsset = Readonly<{
  /** `'SOL'` or the token mint. */
  asset: 'SOL' | (string & {})
  /** The sum of the rows' deltas of this asset, in base units. */
  rows: bigint
  /** What the chain holds of it at the reconciliation's slot, in base units. */
  chain: bigint
  /** `chain - rows`: the opening balance the history did not show (0n from the first transaction). */
  opening: bigint
}>
/** The rows of a walk held against the chain at one slot. */
export type BooksReconciliation = Readonly<{
  /** The slot the chain's holdings were read at. */
  slot: bigint
  /** Whether the rows and the chain agree. */
  ok: boolean
  /** Each asset of the owner, rows and chain. */
  assets: readonly ReconciledAsset[]
}>
