import { type Static, Type } from '@sinclair/typebox'
import type { TransactionEncoding } from './common'
import { instructionSchema } from './Instruction'
import { Named, Nullable, SingleKey, StringEnum, Uint } from './schemaBuilders'

const MessageHeaderSchema = Type.Object(
  {
    /** Signatures the transaction needs; the first keys of `accountKeys` are the signers. */
    numRequiredSignatures: Uint(),
    /** How many of the signer keys are read-only. */
    numReadonlySignedAccounts: Uint(),
    /** How many of the non-signer keys are read-only. */
    numReadonlyUnsignedAccounts: Uint(),
  },
  { $id: 'MessageHeader' },
)

/** How a message's static account keys divide into signers and read-only accounts. */
export interface MessageHeader extends Static<typeof MessageHeaderSchema> {}

const AddressTableLookupSchema = Type.Object(
  {
    /** Address of the lookup table. */
    accountKey: Type.String(),
    /** Indexes in the table of the accounts loaded writable. */
    writableIndexes: Type.Array(Uint()),
    /** Indexes in the table of the accounts loaded read-only. */
    readonlyIndexes: Type.Array(Uint()),
  },
  { $id: 'AddressTableLookup' },
)

/** Accounts a v0 message loads from an address lookup table. */
export interface AddressTableLookup extends Static<typeof AddressTableLookupSchema> {}

/**
 * Present (possibly empty) for v0 messages. Legacy messages leave it out, except in `jsonParsed`
 * from nodes 1.10 to 1.14, which sent `null`; nodes before 1.10 never send it.
 */
const AddressTableLookupsSchema = Type.Optional(
  Nullable(Type.Array(Named<AddressTableLookup>(AddressTableLookupSchema))),
)

const RawMessageSchema = Type.Object(
  {
    header: Named<MessageHeader>(MessageHeaderSchema),
    /** The static account keys, base58; keys loaded from lookup tables are in `meta.loadedAddresses`. */
    accountKeys: Type.Array(Type.String()),
    recentBlockhash: Type.String(),
    instructions: Type.Array(instructionSchema('json')),
    addressTableLookups: AddressTableLookupsSchema,
  },
  { $id: 'RawMessage' },
)

/**
 * A message in `json` encoding: account keys as strings, instructions compiled.
 *
 * @example
 * ```ts
 * import type { RawMessage } from 'confirmed-rpc'
 *
 * function signers(message: RawMessage): string[] {
 *   return message.accountKeys.slice(0, message.header.numRequiredSignatures)
 * }
 * ```
 */
export interface RawMessage extends Static<typeof RawMessageSchema> {}

const ParsedAccountKeySchema = Type.Object(
  {
    pubkey: Type.String(),
    /** Whether the transaction may write the account (builtin programs and sysvars are demoted). */
    writable: Type.Boolean(),
    signer: Type.Boolean(),
    /**
     * Where the key comes from: the message itself, or an address lookup table (v0). Nodes before
     * 1.10.39 / 1.13 leave it out (and list only the static keys of a v0 message).
     */
    source: Type.Optional(StringEnum(['transaction', 'lookupTable'])),
  },
  { $id: 'ParsedAccountKey' },
)

/** An account key of a `jsonParsed` message, with its role. */
export interface ParsedAccountKey extends Static<typeof ParsedAccountKeySchema> {}

/** The field names of {@link ParsedAccountKey}, which a {@link LegacyParsedAccountKey}'s key is not. */
const PARSED_ACCOUNT_KEY_FIELDS = ['pubkey', 'writable', 'signer', 'source'] as const

/**
 * An account key as nodes 1.2.10 to 1.2.17 wrote it in `jsonParsed`: the key itself is the
 * object's one key, its roles a list (`{ "<pubkey>": ["writable", "signer"] }`, possibly `[]`).
 * Later nodes write a {@link ParsedAccountKey}; tell them apart with `key.pubkey !== undefined`.
 */
export type LegacyParsedAccountKey = { readonly [pubkey: string]: string[] } & {
  readonly [K in (typeof PARSED_ACCOUNT_KEY_FIELDS)[number]]?: never
}

/** A `jsonParsed` account key in the form of its node's release. */
export type JsonParsedAccountKey = ParsedAccountKey | LegacyParsedAccountKey

const JsonParsedAccountKeySchema = Named<JsonParsedAccountKey>(
  Type.Union([
    Named<ParsedAccountKey>(ParsedAccountKeySchema),
    SingleKey<LegacyParsedAccountKey>(
      Type.Array(Type.String()),
      // `pubkey` already sends a key to its own check before the one-key form is tried.
      ['writable', 'signer', 'source'],
      'LegacyParsedAccountKey',
    ),
  ]),
)

const ParsedMessageSchema = Type.Object(
  {
    /** Static keys, then (v0) the keys loaded from lookup tables, writable before read-only. */
    accountKeys: Type.Array(JsonParsedAccountKeySchema),
    recentBlockhash: Type.String(),
    instructions: Type.Array(instructionSchema('jsonParsed')),
    addressTableLookups: AddressTableLookupsSchema,
  },
  { $id: 'ParsedMessage' },
)

/**
 * A message in `jsonParsed` encoding: account keys with their roles, instructions parsed.
 *
 * @example
 * ```ts
 * import type { ParsedMessage } from 'confirmed-rpc'
 *
 * function writableKeys(message: ParsedMessage): string[] {
 *   return message.accountKeys.flatMap((key) => {
 *     // Nodes 1.2.10-1.2.17 wrote `{ "<pubkey>": ["writable", "signer"] }`.
 *     if (key.pubkey === undefined) return Object.keys(key).filter((k) => key[k]?.includes('writable'))
 *     return key.writable ? [key.pubkey] : []
 *   })
 * }
 * ```
 */
export interface ParsedMessage extends Static<typeof ParsedMessageSchema> {}

const RawTransactionSchema = Type.Object(
  {
    /** Base58 signatures; the first one identifies the transaction. */
    signatures: Type.Array(Type.String()),
    message: Named<RawMessage>(RawMessageSchema),
  },
  { $id: 'RawTransaction' },
)

/** The `transaction` of a `json` result. */
export interface RawTransaction extends Static<typeof RawTransactionSchema> {}

const ParsedTransactionSchema = Type.Object(
  {
    /** Base58 signatures; the first one identifies the transaction. */
    signatures: Type.Array(Type.String()),
    message: Named<ParsedMessage>(ParsedMessageSchema),
  },
  { $id: 'ParsedTransaction' },
)

/** The `transaction` of a `jsonParsed` result. */
export interface ParsedTransaction extends Static<typeof ParsedTransactionSchema> {}

const transactionSchemas = {
  json: Named<RawTransaction>(RawTransactionSchema),
  jsonParsed: Named<ParsedTransaction>(ParsedTransactionSchema),
  /** The serialized transaction (bincode), base58: `[data, 'base58']`. */
  base58: Type.Tuple([Type.String(), Type.Literal('base58')], { $id: 'Base58Transaction' }),
  /** The serialized transaction (bincode), base64: `[data, 'base64']`. */
  base64: Type.Tuple([Type.String(), Type.Literal('base64')], { $id: 'Base64Transaction' }),
  /** The serialized transaction (bincode) as a plain base58 string: the legacy `binary` encoding. */
  binary: Type.String({ $id: 'BinaryTransaction' }),
} satisfies Record<TransactionEncoding, unknown>

/**
 * The `transaction` field for an encoding: {@link RawTransaction} (`json`),
 * {@link ParsedTransaction} (`jsonParsed`), `[data, encoding]` (`base58`, `base64`), or a base58
 * string (`binary`).
 */
export type TransactionForEncoding<TEncoding extends TransactionEncoding> = Static<
  (typeof transactionSchemas)[TEncoding]
>

/** Schema of the `transaction` field in the given encoding. */
export const transactionSchema = <TEncoding extends TransactionEncoding>(encoding: TEncoding) =>
  Named<TransactionForEncoding<TEncoding>>(transactionSchemas[encoding])
