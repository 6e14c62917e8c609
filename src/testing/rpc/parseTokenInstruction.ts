import { ByteReader } from './ByteReader'
import type { ParsedInstructionBody } from './types'
import { uiTokenAmount } from './uiTokenAmount'
import type { JsonOut } from './writeJson'

type Info = { [key: string]: JsonOut }

const AUTHORITY_TYPES = [
  'mintTokens',
  'freezeAccount',
  'accountOwner',
  'closeAccount',
  'transferFeeConfig',
  'withheldWithdraw',
  'closeMint',
  'interestRate',
  'permanentDelegate',
  'confidentialTransferMint',
  'transferHookProgramId',
  'confidentialTransferFeeConfig',
  'metadataPointer',
  'groupPointer',
  'groupMemberPointer',
] as const

/**
 * The signer accounts after the last non-signer: one authority, or a multisig account followed
 * by its signers (then both `multisig...` and `signers` are set).
 */
function withSigners(
  info: Info,
  accounts: readonly string[],
  last: number,
  owner: string,
  multisig: string,
): Info {
  if (accounts.length > last + 1) {
    info[multisig] = accounts[last] as string
    info.signers = accounts.slice(last + 1)
  } else {
    info[owner] = accounts[last] as string
  }
  return info
}

type Variant = readonly [
  type: string,
  accounts: number,
  read: (r: ByteReader, a: readonly string[]) => Info,
]

function mint(type: string, accounts: number, rent: boolean): Variant {
  return [
    type,
    accounts,
    (r, a) => {
      const decimals = r.u8()
      const mintAuthority = r.pubkey()
      const freezeAuthority = r.optionalPubkey()
      const info: Info = { mint: a[0] as string, decimals, mintAuthority }
      if (rent) info.rentSysvar = a[1] as string
      if (freezeAuthority !== null) info.freezeAuthority = freezeAuthority
      return info
    },
  ]
}

function multisig(type: string, first: number): Variant {
  return [
    type,
    first + 1,
    (r, a) => {
      const m = r.u8()
      const info: Info = { multisig: a[0] as string }
      if (first === 2) info.rentSysvar = a[1] as string
      info.signers = a.slice(first)
      info.m = m
      return info
    },
  ]
}

/** Variants by tag; extension instructions (tags from 25) are not parsed here. */
const VARIANTS: Readonly<Record<number, Variant>> = {
  0: mint('initializeMint', 2, true),
  1: [
    'initializeAccount',
    4,
    (_r, a) => ({ account: a[0], mint: a[1], owner: a[2], rentSysvar: a[3] }) as Info,
  ],
  2: multisig('initializeMultisig', 2),
  3: [
    'transfer',
    3,
    (r, a) =>
      withSigners(
        { source: a[0], destination: a[1], amount: r.u64().toString() } as Info,
        a,
        2,
        'authority',
        'multisigAuthority',
      ),
  ],
  4: [
    'approve',
    3,
    (r, a) =>
      withSigners(
        { source: a[0], delegate: a[1], amount: r.u64().toString() } as Info,
        a,
        2,
        'owner',
        'multisigOwner',
      ),
  ],
  5: [
    'revoke',
    2,
    (_r, a) => withSigners({ source: a[0] } as Info, a, 1, 'owner', 'multisigOwner'),
  ],
  6: [
    'setAuthority',
    2,
    (r, a) => {
      const kind = AUTHORITY_TYPES[r.u8()]
      const newAuthority = r.optionalPubkey()
      if (kind === undefined) r.fail()
      const owned = kind === 'accountOwner' || kind === 'closeAccount' ? 'account' : 'mint'
      const info: Info = { [owned]: a[0] as string, authorityType: kind ?? '', newAuthority }
      return withSigners(info, a, 1, 'authority', 'multisigAuthority')
    },
  ],
  7: [
    'mintTo',
    3,
    (r, a) =>
      withSigners(
        { mint: a[0], account: a[1], amount: r.u64().toString() } as Info,
        a,
        2,
        'mintAuthority',
        'multisigMintAuthority',
      ),
  ],
  8: [
    'burn',
    3,
    (r, a) =>
      withSigners(
        { account: a[0], mint: a[1], amount: r.u64().toString() } as Info,
        a,
        2,
        'authority',
        'multisigAuthority',
      ),
  ],
  9: [
    'closeAccount',
    3,
    (_r, a) =>
      withSigners({ account: a[0], destination: a[1] } as Info, a, 2, 'owner', 'multisigOwner'),
  ],
  10: [
    'freezeAccount',
    3,
    (_r, a) =>
      withSigners(
        { account: a[0], mint: a[1] } as Info,
        a,
        2,
        'freezeAuthority',
        'multisigFreezeAuthority',
      ),
  ],
  11: [
    'thawAccount',
    3,
    (_r, a) =>
      withSigners(
        { account: a[0], mint: a[1] } as Info,
        a,
        2,
        'freezeAuthority',
        'multisigFreezeAuthority',
      ),
  ],
  12: [
    'transferChecked',
    4,
    (r, a) => {
      const amount = r.u64()
      const tokenAmount = uiTokenAmount(amount, r.u8())
      return withSigners(
        { source: a[0], mint: a[1], destination: a[2], tokenAmount } as Info,
        a,
        3,
        'authority',
        'multisigAuthority',
      )
    },
  ],
  13: [
    'approveChecked',
    4,
    (r, a) => {
      const amount = r.u64()
      const tokenAmount = uiTokenAmount(amount, r.u8())
      return withSigners(
        { source: a[0], mint: a[1], delegate: a[2], tokenAmount } as Info,
        a,
        3,
        'owner',
        'multisigOwner',
      )
    },
  ],
  14: [
    'mintToChecked',
    3,
    (r, a) => {
      const amount = r.u64()
      const tokenAmount = uiTokenAmount(amount, r.u8())
      return withSigners(
        { mint: a[0], account: a[1], tokenAmount } as Info,
        a,
        2,
        'mintAuthority',
        'multisigMintAuthority',
      )
    },
  ],
  15: [
    'burnChecked',
    3,
    (r, a) => {
      const amount = r.u64()
      const tokenAmount = uiTokenAmount(amount, r.u8())
      return withSigners(
        { account: a[0], mint: a[1], tokenAmount } as Info,
        a,
        2,
        'authority',
        'multisigAuthority',
      )
    },
  ],
  16: [
    'initializeAccount2',
    3,
    (r, a) => ({ account: a[0], mint: a[1], owner: r.pubkey(), rentSysvar: a[2] }) as Info,
  ],
  17: ['syncNative', 1, (_r, a) => ({ account: a[0] }) as Info],
  18: [
    'initializeAccount3',
    2,
    (r, a) => ({ account: a[0], mint: a[1], owner: r.pubkey() }) as Info,
  ],
  19: multisig('initializeMultisig2', 1),
  20: mint('initializeMint2', 1, false),
  21: [
    'getAccountDataSize',
    1,
    // Only the form without extension types is parsed here.
    (r, a) => {
      if (r.remaining > 0) r.fail()
      return { mint: a[0] } as Info
    },
  ],
  22: ['initializeImmutableOwner', 1, (_r, a) => ({ account: a[0] }) as Info],
  23: ['amountToUiAmount', 1, (r, a) => ({ mint: a[0], amount: r.u64().toString() }) as Info],
  24: [
    'uiAmountToAmount',
    1,
    (r, a) => ({ mint: a[0], uiAmount: r.utf8(r.take(r.remaining)) }) as Info,
  ],
}

/**
 * The node's spl-token parser (used for Token and Token-2022 alike): a one-byte tag, amounts as
 * strings, `*Checked` variants with a `tokenAmount`, multisig signers after the authority.
 * Token-2022 extension instructions are not parsed by the mock and fall back to the raw form.
 */
export function parseTokenInstruction(
  data: Uint8Array,
  accounts: readonly string[],
): ParsedInstructionBody | undefined {
  const reader = new ByteReader(data)
  const variant = VARIANTS[reader.u8()]
  if (variant === undefined || !reader.ok) return undefined
  const [type, needed, read] = variant
  if (accounts.length < needed) return undefined
  const info = read(reader, accounts)
  return reader.ok ? { type, info } : undefined
}
