import bs58 from 'bs58'
import { writeLittleEndian } from '../ledger/instructions/writeLittleEndian'
import type { TokenAccountSnapshot } from '../ledger/LedgerState'
import { TOKEN_2022_PROGRAM_ID } from '../ledger/programIds'
import type { JsonOut } from './JsonOut'
import type { ProfileRules } from './profileRules'
import { uiTokenAmount } from './uiTokenAmount'

/** The token program's account layout, padded with Token-2022's ImmutableOwner extension. */
export function tokenAccountData(state: TokenAccountSnapshot): Uint8Array {
  const data = new Uint8Array(state.immutableOwner ? 170 : 165)
  data.set(bs58.decode(state.mint), 0)
  data.set(bs58.decode(state.owner), 32)
  writeLittleEndian(data, 64, state.amount, 8)
  // delegate: COption None (4 zero bytes) at 72; state Initialized at 108.
  data[108] = 1
  if (state.native) {
    writeLittleEndian(data, 109, 1n, 4)
    writeLittleEndian(data, 113, 2_039_280n, 8)
  }
  if (state.closeAuthority !== null) {
    writeLittleEndian(data, 129, 1n, 4)
    data.set(bs58.decode(state.closeAuthority), 133)
  }
  if (state.immutableOwner) {
    // AccountType::Account, then the TLV entry ImmutableOwner (7) of length 0.
    data[165] = 2
    data[166] = 7
  }
  return data
}

/**
 * `UiTokenAccount` as the jsonParsed encoding writes it (account-decoder `parse_token.rs`):
 * program `spl-token` or `spl-token-2022`, `info` in the struct's field order.
 */
export function parsedTokenAccount(state: TokenAccountSnapshot, rules: ProfileRules): JsonOut {
  const amount = (value: bigint) =>
    uiTokenAmount(value, state.decimals, { uiAmountString: rules.uiAmountString })
  return {
    program: state.program === TOKEN_2022_PROGRAM_ID ? 'spl-token-2022' : 'spl-token',
    parsed: {
      info: {
        isNative: state.native,
        mint: state.mint,
        owner: state.owner,
        state: 'initialized',
        tokenAmount: amount(state.amount),
        ...(state.native ? { rentExemptReserve: amount(2_039_280n) } : {}),
        ...(state.closeAuthority === null ? {} : { closeAuthority: state.closeAuthority }),
        ...(state.immutableOwner ? { extensions: [{ extension: 'immutableOwner' }] } : {}),
      },
      type: 'account',
    },
    space: state.immutableOwner ? 170 : 165,
  }
}
