import type { ConfirmedTransaction } from '../schemas/ConfirmedTransaction'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'

/**
 * One transaction of a wallet's history: its signature info (as the first address that listed
 * it reported it) and the addresses it was found under.
 *
 * @example
 * ```ts
 * import type { WalletEntry } from 'confirmed-rpc/actions'
 *
 * function label(entry: WalletEntry): string {
 *   return `${entry.signature} (${entry.sources.join(', ')})`
 * }
 * ```
 */
export type WalletEntry<TMode extends U64Mode = 'number'> = SignatureInfo<TMode> &
  Readonly<{
    /** The addresses it was found under: the wallet first when it is one, then token accounts. */
    sources: readonly string[]
    /**
     * The full transaction (`json`), with the `transactions` option only; `null` when the node
     * still had none after `pageRetries` tries.
     */
    transaction?: ConfirmedTransaction<'json', TMode> | null | undefined
  }>
