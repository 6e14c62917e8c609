import type { KeyObject } from 'node:crypto'

/**
 * An account of the generator's world. Mutable on purpose: the generator replays the ledger in
 * order, so `lamports` and `token.amount` always hold the balance before the next transaction.
 * Nothing of it leaks into LedgerState except strings and bigints.
 */
export type LedgerAccount = {
  readonly address: string
  readonly bytes: Uint8Array
  lamports: bigint
  /** Present for accounts that sign (fee payers, new accounts). */
  readonly signingKey?: KeyObject | undefined
  /** Builtin programs log no `consumed` line and charge a fixed cost. */
  readonly builtinUnits?: number | undefined
  /** Where a v0 message can load this account from instead of listing it. */
  lookup?: Readonly<{ table: number; index: number }> | undefined
  /** Set once the account is an initialized token account. */
  token?: TokenState | undefined
  /** Cached `invoke [depth]` and `success` log lines: shared strings keep big ledgers small. */
  logLines?: { invoke: string[]; success: string } | undefined
}

export type MintInfo = Readonly<{
  account: LedgerAccount
  decimals: number
  program: LedgerAccount
  /** The wrapped SOL mint: its accounts may close while holding tokens. */
  native?: boolean | undefined
}>

export type TokenState = {
  readonly mint: MintInfo
  readonly owner: LedgerAccount
  amount: bigint
  /** Who may close it instead of the owner (SetAuthority `CloseAccount`). */
  readonly closeAuthority?: LedgerAccount | undefined
  /** Token-2022's ImmutableOwner extension (every Token-2022 associated account has it). */
  readonly immutableOwner?: boolean | undefined
}

/** An account reference inside an instruction, with the privileges it asks for. */
export type AccountMeta = Readonly<{ account: LedgerAccount; signer: boolean; writable: boolean }>

/** An address lookup table: its own address and the accounts it lists, by index. */
export type LookupTable = Readonly<{ account: LedgerAccount; entries: readonly LedgerAccount[] }>
