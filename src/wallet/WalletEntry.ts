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
    /**
     * The addresses it was found under: the wallet first when it is one, then token accounts.
     *
     * On the provider path (the `provider` option) the provider does not say why it matched an
     * entry, so `sources` is what the transaction shows: with `transactions`, the wallet when it
     * is one of the keys (static or loaded), then every token account whose token balances name
     * the wallet as `owner` (what `tokenAccounts: 'all'` matches on); an account the wallet no
     * longer owned in that transaction, or one from before the owner data starts, is not named.
     * Without `transactions` it is empty (`[]`): the path reads no transaction.
     */
    sources: readonly string[]
    /**
     * The full transaction (`json`), with the `transactions` option only; `null` when the node
     * still had none after `pageRetries` tries.
     */
    transaction?: ConfirmedTransaction<'json', TMode> | null | undefined
  }>
