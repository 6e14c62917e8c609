import { type Static, Type } from '@sinclair/typebox'
import type { TransactionEncoding, U64Mode } from './common'
import { instructionSchema } from './Instruction'
import { Named, Nullable, SingleKey, StringEnum, U64Schema, Uint } from './schemaBuilders'

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

const transactionConfigSchema = <TMode extends U64Mode>() =>
  Type.Object(
    {
      /**
       * The priority fee, in lamports, for the whole transaction (not a price per compute unit);
       * `meta.fee` is 5000 per signature plus this. `null` when the transaction set none. u64.
       */
      priorityFee: Nullable(U64Schema<TMode>()),
      /** Compute units the transaction may use; `null` when unset (the runtime then allows 0). */
      computeUnitLimit: Nullable(Uint()),
      /** Bytes of account data the transaction may load; `null` when unset (0 then). */
      loadedAccountsDataSizeLimit: Nullable(Uint()),
      /** Heap bytes requested; `null` when unset (32 KiB then). */
      heapSize: Nullable(Uint()),
    },
    { $id: 'TransactionConfig' },
  )

/**
 * The budget a v1 message carries in its header (SIMD-0385) instead of compute budget
 * instructions, as Agave 4.1 and later write it: every field present, `null` where the
 * transaction left it unset. Legacy and v0 messages have none.
 *
 * @example
 * ```ts
 * import type { ConfirmedTransaction } from 'confirmed-rpc'
 *
 * function priorityFee(tx: ConfirmedTransaction<'json', 'bigint'>): bigint {
 *   return tx.transaction.message.transactionConfig?.priorityFee ?? 0n
 * }
 * ```
 */
export interface TransactionConfig<TMode extends U64Mode = 'bigint'>
  extends Static<ReturnType<typeof transactionConfigSchema<TMode>>> {}

/** Present on v1 messages only (`version: 1`); left out for legacy and v0 ones. */
const transactionConfigField = <TMode extends U64Mode>() =>
  Type.Optional(Named<TransactionConfig<TMode>>(transactionConfigSchema<TMode>()))

const rawMessageSchema = <TMode extends U64Mode>() =>
  Type.Object(
    {
      header: Named<MessageHeader>(MessageHeaderSchema),
      /**
       * The static account keys, base58; keys loaded from lookup tables are in
       * `meta.loadedAddresses`. A v1 message has all its keys here (no lookup tables).
       */
      accountKeys: Type.Array(Type.String()),
      recentBlockhash: Type.String(),
      instructions: Type.Array(instructionSchema('json')),
      addressTableLookups: AddressTableLookupsSchema,
      transactionConfig: transactionConfigField<TMode>(),
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
export interface RawMessage<TMode extends U64Mode = 'bigint'>
  extends Static<ReturnType<typeof rawMessageSchema<TMode>>> {}

const ParsedAccountKeySchema = Type.Object(
  {
    pubkey: Type.String(),
    /** Whether the transaction may write the account (builtin programs and sysvars are demoted). */
    writable: Type.Boolean(),
    signer: Type.Boolean(),
    /**
     * Where the key comes from: the message itself, or an address lookup table (v0; a v1
     * message's keys are all `'transaction'`). Nodes before 1.10.39 / 1.13 leave it out (and list
     * only the static keys of a v0 message).
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

const parsedMessageSchema = <TMode extends U64Mode>() =>
  Type.Object(
    {
      /** Static keys, then (v0) the keys loaded from lookup tables, writable before read-only. */
      accountKeys: Type.Array(JsonParsedAccountKeySchema),
      recentBlockhash: Type.String(),
      instructions: Type.Array(instructionSchema('jsonParsed')),
      addressTableLookups: AddressTableLookupsSchema,
      transactionConfig: transactionConfigField<TMode>(),
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
export interface ParsedMessage<TMode extends U64Mode = 'bigint'>
  extends Static<ReturnType<typeof parsedMessageSchema<TMode>>> {}

const rawTransactionSchema = <TMode extends U64Mode>() =>
  Type.Object(
    {
      /** Base58 signatures; the first one identifies the transaction. */
      signatures: Type.Array(Type.String()),
      message: Named<RawMessage<TMode>>(rawMessageSchema<TMode>()),
    },
    { $id: 'RawTransaction' },
  )

/** The `transaction` of a `json` result. */
export interface RawTransaction<TMode extends U64Mode = 'bigint'>
  extends Static<ReturnType<typeof rawTransactionSchema<TMode>>> {}

const parsedTransactionSchema = <TMode extends U64Mode>() =>
  Type.Object(
    {
      /** Base58 signatures; the first one identifies the transaction. */
      signatures: Type.Array(Type.String()),
      message: Named<ParsedMessage<TMode>>(parsedMessageSchema<TMode>()),
    },
    { $id: 'ParsedTransaction' },
  )

/** The `transaction` of a `jsonParsed` result. */
export interface ParsedTransaction<TMode extends U64Mode = 'bigint'>
  extends Static<ReturnType<typeof parsedTransactionSchema<TMode>>> {}

const transactionSchemas = <TMode extends U64Mode>() => ({
  json: Named<RawTransaction<TMode>>(rawTransactionSchema<TMode>()),
  jsonParsed: Named<ParsedTransaction<TMode>>(parsedTransactionSchema<TMode>()),
  /** The serialized transaction (bincode), base58: `[data, 'base58']`. */
  base58: Type.Tuple([Type.String(), Type.Literal('base58')], { $id: 'Base58Transaction' }),
  /** The serialized transaction (bincode), base64: `[data, 'base64']`. */
  base64: Type.Tuple([Type.String(), Type.Literal('base64')], { $id: 'Base64Transaction' }),
  /** The serialized transaction (bincode) as a plain base58 string: the legacy `binary` encoding. */
  binary: Type.String({ $id: 'BinaryTransaction' }),
})

/**
 * The `transaction` field for an encoding: {@link RawTransaction} (`json`),
 * {@link ParsedTransaction} (`jsonParsed`), `[data, encoding]` (`base58`, `base64`), or a base58
 * string (`binary`); the u64 fields of a v1 message's `transactionConfig` follow the mode.
 */
type TransactionForEncoding<
  TEncoding extends TransactionEncoding,
  TMode extends U64Mode = 'bigint',
> = Static<ReturnType<typeof transactionSchemas<TMode>>[TEncoding]>

/** Schema of the `transaction` field in the given encoding. */
export const transactionSchema = <TEncoding extends TransactionEncoding, TMode extends U64Mode>(
  encoding: TEncoding,
) =>
  Named<TransactionForEncoding<TEncoding, TMode>>(
    (transactionSchemas<TMode>() satisfies Record<TransactionEncoding, unknown>)[encoding],
  )
