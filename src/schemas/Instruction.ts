import { type Static, Type } from '@sinclair/typebox'
import type { TransactionEncoding } from './common'
import { Named, Nullable, SingleKey, Uint } from './schemaBuilders'

/**
 * CPI depth of an instruction: 1 at the top level, 2, 3, ... for inner instructions. Nodes before
 * 1.16 leave it out; top-level instructions carry `null` from 1.16 to Agave 2.2 and `1` from 2.3;
 * inner instructions stored before 1.16 carry `null`.
 */
const StackHeightSchema = Type.Optional(Nullable(Uint()))

const CompiledInstructionSchema = Type.Object(
  {
    /** Index of the program id in the message's account keys. */
    programIdIndex: Uint(),
    /** Indexes of the instruction's accounts in the message's account keys. */
    accounts: Type.Array(Uint()),
    /** Instruction data, base58. */
    data: Type.String(),
    stackHeight: StackHeightSchema,
  },
  { $id: 'CompiledInstruction' },
)

/**
 * An instruction as the message stores it (`json`, `base58`, `base64` inner instructions):
 * indexes into the account keys, base58 data.
 *
 * @example
 * ```ts
 * import type { CompiledInstruction, RawMessage } from 'confirmed-rpc'
 *
 * function programOf(message: RawMessage, ix: CompiledInstruction): string | undefined {
 *   return message.accountKeys[ix.programIdIndex]
 * }
 * ```
 */
export interface CompiledInstruction extends Static<typeof CompiledInstructionSchema> {}

const ParsedInstructionSchema = Type.Object(
  {
    /** Parser name, e.g. `system`, `spl-token` (Token-2022 too), `spl-memo`, `vote`. */
    program: Type.String(),
    programId: Type.String(),
    /**
     * `{ type, info }` as the program's parser renders it (e.g. `{ type: 'transfer', info: {...} }`),
     * or, for `spl-memo`, the memo text itself.
     */
    parsed: Type.Union([
      Type.String(),
      Type.Object(
        {
          /** Instruction name, e.g. `transfer`, `transferChecked`, `createAccount`. */
          type: Type.String(),
          /** The decoded fields; left out when the instruction has none. */
          info: Type.Optional(Type.Unknown()),
        },
        { $id: 'ParsedInstructionBody' },
      ),
    ]),
    stackHeight: StackHeightSchema,
  },
  { $id: 'ParsedInstruction' },
)

/**
 * A `jsonParsed` instruction of a program the node can parse (system, spl-token, vote, ...).
 *
 * @example
 * ```ts
 * import type { ParsedInstruction } from 'confirmed-rpc'
 *
 * function memoText(ix: ParsedInstruction): string | undefined {
 *   return ix.program === 'spl-memo' && typeof ix.parsed === 'string' ? ix.parsed : undefined
 * }
 * ```
 */
export interface ParsedInstruction extends Static<typeof ParsedInstructionSchema> {}

const PartiallyDecodedInstructionSchema = Type.Object(
  {
    programId: Type.String(),
    /** The instruction's accounts, base58. */
    accounts: Type.Array(Type.String()),
    /** Instruction data, base58. */
    data: Type.String(),
    stackHeight: StackHeightSchema,
  },
  { $id: 'PartiallyDecodedInstruction' },
)

/**
 * A `jsonParsed` instruction the node could not parse (no parser for the program, undecodable
 * data, too few accounts, a non-UTF-8 memo): its keys resolved, its data left base58.
 */
export interface PartiallyDecodedInstruction
  extends Static<typeof PartiallyDecodedInstructionSchema> {}

/** The field names of the modern instruction forms, which a {@link LegacyParsedInstruction}'s key is not. */
const INSTRUCTION_FIELDS = [
  'program',
  'programId',
  'programIdIndex',
  'accounts',
  'data',
  'parsed',
  'stackHeight',
] as const

/**
 * The fields the one-key check must refuse: `program` and `programIdIndex` already send an
 * instruction to its own check before the one-key form is tried.
 */
const RESERVED_INSTRUCTION_KEYS = ['programId', 'accounts', 'data', 'parsed', 'stackHeight']

/**
 * A parsed instruction as nodes 1.2.10 to 1.2.17 wrote it in `jsonParsed`: the parser's name is
 * the object's one key, the parsed value its value (`{ "spl-memo": "hello" }`). Their unparsed
 * instructions are in compiled form ({@link CompiledInstruction}).
 */
export type LegacyParsedInstruction = { readonly [program: string]: unknown } & {
  readonly [K in (typeof INSTRUCTION_FIELDS)[number]]?: never
}

/**
 * An instruction in a `jsonParsed` result: parsed, partially decoded, or (for the fallback of
 * nodes before 1.2.18) in compiled form, or the 1.2.10-1.2.17 parsed form. Tell them apart with
 * `'parsed' in ix`, `'programIdIndex' in ix` and `'programId' in ix`.
 *
 * @example
 * ```ts
 * import type { JsonParsedInstruction } from 'confirmed-rpc'
 *
 * function instructionName(ix: JsonParsedInstruction): string {
 *   if ('parsed' in ix) return typeof ix.parsed === 'string' ? 'memo' : ix.parsed.type
 *   if ('programIdIndex' in ix) return `program #${ix.programIdIndex}`
 *   if ('programId' in ix) return ix.programId
 *   return Object.keys(ix)[0] ?? 'unknown'
 * }
 * ```
 */
export type JsonParsedInstruction =
  | ParsedInstruction
  | PartiallyDecodedInstruction
  | CompiledInstruction
  | LegacyParsedInstruction

const JsonParsedInstructionSchema = Named<JsonParsedInstruction>(
  Type.Union(
    [
      Named<ParsedInstruction>(ParsedInstructionSchema),
      Named<CompiledInstruction>(CompiledInstructionSchema),
      Named<PartiallyDecodedInstruction>(PartiallyDecodedInstructionSchema),
      SingleKey<LegacyParsedInstruction>(
        Type.Unknown(),
        RESERVED_INSTRUCTION_KEYS,
        'LegacyParsedInstruction',
      ),
    ],
    { $id: 'JsonParsedInstruction' },
  ),
)

/** Instruction form of an encoding: parsed forms for `jsonParsed`, compiled otherwise. */
export type InstructionForEncoding<TEncoding extends TransactionEncoding> =
  TEncoding extends 'jsonParsed' ? JsonParsedInstruction : CompiledInstruction

/** Schema of the instructions of a message in the given encoding. */
export const instructionSchema = <TEncoding extends TransactionEncoding>(encoding: TEncoding) =>
  Named<InstructionForEncoding<TEncoding>>(
    encoding === 'jsonParsed' ? JsonParsedInstructionSchema : CompiledInstructionSchema,
  )

const innerInstructionsSchema = <TEncoding extends TransactionEncoding>(encoding: TEncoding) =>
  Type.Object(
    {
      /** Index of the top-level instruction that made these calls. */
      index: Uint(),
      /** The calls, in execution order; never empty (entries without calls are left out). */
      instructions: Type.Array(instructionSchema(encoding)),
    },
    { $id: encoding === 'jsonParsed' ? 'ParsedInnerInstructions' : 'InnerInstructions' },
  )

/** The cross-program calls made by one top-level instruction (`meta.innerInstructions[n]`). */
export interface InnerInstructions<TEncoding extends TransactionEncoding = 'json'>
  extends Static<ReturnType<typeof innerInstructionsSchema<TEncoding>>> {}

/** Schema of {@link InnerInstructions} in the given encoding. */
export const innerInstructionsRef = <TEncoding extends TransactionEncoding>(encoding: TEncoding) =>
  Named<InnerInstructions<TEncoding>>(innerInstructionsSchema(encoding))
