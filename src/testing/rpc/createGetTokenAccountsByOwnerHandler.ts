import bs58 from 'bs58'
import { isPlainObject } from '../../json/parseJson'
import { writeLittleEndian } from '../ledger/encodeTransaction'
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../ledger/programIds'
import type { TokenAccountSnapshot } from '../ledger/types'
import type { RpcContext } from './createRpcContext'
import { encodeBase64 } from './encodeTransaction'
import type { ProfileRules } from './profileRules'
import {
  readContextConfigParam,
  readPositionalParams,
  serdeMismatch,
  verifyPubkey,
} from './readParams'
import { invalidParams, type MethodHandler, type Outcome, ok, rpcError } from './types'
import { uiTokenAmount } from './uiTokenAmount'
import { tokenAccountAt } from './walletHoldings'
import type { JsonOut } from './writeJson'

const ENCODINGS = ['binary', 'base58', 'base64', 'jsonParsed', 'base64+zstd'] as const
type AccountEncoding = (typeof ENCODINGS)[number]
const BASE58_TOO_LARGE =
  'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.'
const SLICED_PARSED =
  'Sliced account data can only be encoded using binary (base 58) or base64 encoding.'
/** Epoch length of mainnet: the `rentEpoch` older releases report. */
const SLOTS_PER_EPOCH = 432_000
const U64_MAX = 2n ** 64n - 1n

type Listing = Readonly<{
  programs: readonly string[]
  mint: string | undefined
  encoding: AccountEncoding
  slice: Readonly<{ offset: number; length: number }> | undefined
}>

function readFilter(ctx: RpcContext, value: unknown): Outcome<Omit<Listing, 'encoding' | 'slice'>> {
  const known = ctx.rules.token2022 ? [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID] : [TOKEN_PROGRAM_ID]
  if (!isPlainObject(value) || Object.keys(value).length !== 1) {
    return invalidParams(serdeMismatch(value, 'enum RpcTokenAccountsFilter'))
  }
  const { mint, programId } = value
  const text = typeof mint === 'string' ? mint : programId
  if (typeof text !== 'string') return invalidParams(serdeMismatch(text, 'a string'))
  const key = verifyPubkey(text, ctx.rules.base58LengthCheck)
  if (!key.ok) return key
  if (typeof programId === 'string') {
    if (!known.includes(programId))
      return invalidParams('Invalid param: unrecognized Token program id')
    return ok({ programs: [programId], mint: undefined })
  }
  // The mint's own program decides (`get_token_program_id_and_mint`).
  let program: string | undefined
  for (const changes of ctx.state.tokenAccounts?.values() ?? []) {
    const state = changes[0]?.state
    if (state?.mint === text) program = state.program
  }
  if (program === undefined) return invalidParams('Invalid param: could not find mint')
  if (!known.includes(program)) return invalidParams('Invalid param: not a Token mint')
  return ok({ programs: [program], mint: text })
}

function readAccountConfig(value: unknown): Outcome<Pick<Listing, 'encoding' | 'slice'>> {
  if (value === undefined || value === null) return ok({ encoding: 'binary', slice: undefined })
  if (!isPlainObject(value))
    return invalidParams(serdeMismatch(value, 'struct RpcAccountInfoConfig'))
  const encoding = value.encoding ?? 'binary'
  if (!ENCODINGS.includes(encoding as AccountEncoding)) {
    const expected = ENCODINGS.map((name) => `\`${name}\``).join(', ')
    return invalidParams(
      `Invalid params: unknown variant \`${String(encoding)}\`, expected one of ${expected}.`,
    )
  }
  const slice = value.dataSlice
  if (slice === undefined || slice === null)
    return ok({ encoding: encoding as AccountEncoding, slice: undefined })
  if (
    !isPlainObject(slice) ||
    !Number.isSafeInteger(slice.offset) ||
    !Number.isSafeInteger(slice.length)
  ) {
    return invalidParams(serdeMismatch(slice, 'struct UiDataSliceConfig'))
  }
  return ok({
    encoding: encoding as AccountEncoding,
    slice: { offset: Number(slice.offset), length: Number(slice.length) },
  })
}

function encodeData(
  state: TokenAccountSnapshot,
  listing: Listing,
  ctx: RpcContext,
): Outcome<JsonOut> {
  if (listing.encoding === 'jsonParsed') return ok(parsedTokenAccount(state, ctx.rules))
  const full = tokenAccountData(state)
  const { slice } = listing
  const data = slice === undefined ? full : full.subarray(slice.offset, slice.offset + slice.length)
  if (listing.encoding === 'base64') return ok([encodeBase64(data), 'base64'])
  if (listing.encoding === 'base64+zstd') {
    return invalidParams(
      'Invalid params: the mock ledger does not compress account data (base64+zstd)',
    )
  }
  if (data.length > 128) return rpcError(-32600, BASE58_TOO_LARGE)
  const text = encodeBase58Bytes(data)
  return ok(listing.encoding === 'binary' ? text : [text, 'base58'])
}

function encodeBase58Bytes(data: Uint8Array): string {
  let zeros = 0
  while (zeros < data.length && data[zeros] === 0) zeros++
  let value = 0n
  for (const byte of data) value = (value << 8n) | BigInt(byte)
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
  let text = ''
  for (; value > 0n; value /= 58n) text = alphabet[Number(value % 58n)] + text
  return '1'.repeat(zeros) + text
}

/**
 * getTokenAccountsByOwner (Agave `rpc.rs` `get_token_accounts_by_owner`): params `[owner,
 * {mint} | {programId}, {commitment, encoding, dataSlice, minContextSlot}]`. The accounts the
 * owner holds at the commitment's frontier (closed ones are gone), with zero balances, unpaged,
 * in the order they were first opened; `context.slot` is that frontier. A `programId` other
 * than a token program the release knows is `unrecognized Token program id`; `{mint}` takes the
 * mint's program. The default encoding is `binary`, which a 165-byte account exceeds, as on the
 * node; `jsonParsed` with a `dataSlice` is refused. `rentEpoch` is u64::MAX (rent exempt) from
 * 1.18, the epoch before; `space` from 1.18.
 */
export function createGetTokenAccountsByOwnerHandler(): MethodHandler {
  return (ctx, params) => {
    const positional = readPositionalParams(params, 2, 3)
    if (!positional.ok) return positional
    const [owner, filterParam, configParam] = positional.value
    if (typeof owner !== 'string') return invalidParams(serdeMismatch(owner, 'a string'))
    const ownerKey = verifyPubkey(owner, ctx.rules.base58LengthCheck)
    if (!ownerKey.ok) return ownerKey
    const filter = readFilter(ctx, filterParam)
    if (!filter.ok) return filter
    const accountConfig = readAccountConfig(configParam)
    if (!accountConfig.ok) return accountConfig
    const context = readContextConfigParam(configParam, ctx.rules)
    if (!context.ok) return context
    const listing: Listing = { ...filter.value, ...accountConfig.value }
    if (listing.encoding === 'jsonParsed' && listing.slice !== undefined) {
      return rpcError(-32600, SLICED_PARSED)
    }
    const slot = ctx.frontiers[context.value.commitment]
    const { minContextSlot } = context.value
    if (minContextSlot !== undefined && slot < minContextSlot) {
      return rpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: slot })
    }
    const value: JsonOut[] = []
    for (const [pubkey, changes] of ctx.state.tokenAccounts ?? []) {
      const state = tokenAccountAt(changes, slot)
      if (state == null || state.owner !== owner || !listing.programs.includes(state.program))
        continue
      if (listing.mint !== undefined && state.mint !== listing.mint) continue
      const data = encodeData(state, listing, ctx)
      if (!data.ok) return data
      // The profiles from 1.18 on (those with `blockOrderInSlot`).
      const newRent = ctx.rules.blockOrderInSlot
      value.push({
        pubkey,
        account: {
          lamports: state.lamports,
          data: data.value,
          owner: state.program,
          executable: false,
          rentEpoch: newRent ? U64_MAX : BigInt(Math.floor(Math.max(slot, 0) / SLOTS_PER_EPOCH)),
          ...(newRent ? { space: state.immutableOwner ? 170 : 165 } : {}),
        },
      })
    }
    return ok({ context: { slot }, value })
  }
}

/** The token program's account layout, padded with Token-2022's ImmutableOwner extension. */
function tokenAccountData(state: TokenAccountSnapshot): Uint8Array {
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
function parsedTokenAccount(state: TokenAccountSnapshot, rules: ProfileRules): JsonOut {
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
