import { encodeBase58 } from '../../base58/encodeBase58'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  MEMO_PROGRAM_ID,
  MEMO_V1_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../ledger/programIds'
import { decodeUtf8 } from './decodeUtf8'
import type { JsonOut } from './JsonOut'
import type { InstructionParser } from './ParsedInstructionBody'
import { parseAssociatedTokenInstruction } from './parseAssociatedTokenInstruction'
import { parseSystemInstruction } from './parseSystemInstruction'
import { parseTokenInstruction } from './parseTokenInstruction'

/** Programs the mock parses, with the `program` name the node reports for them. */
const PARSERS: ReadonlyMap<string, readonly [program: string, parse: InstructionParser]> = new Map([
  [SYSTEM_PROGRAM_ID, ['system', parseSystemInstruction]],
  [TOKEN_PROGRAM_ID, ['spl-token', parseTokenInstruction]],
  // Token-2022 shares the parser and the name.
  [TOKEN_2022_PROGRAM_ID, ['spl-token', parseTokenInstruction]],
  [ASSOCIATED_TOKEN_PROGRAM_ID, ['spl-associated-token-account', parseAssociatedTokenInstruction]],
])

/** An instruction to show in `jsonParsed` form. */
export type InstructionToParse = Readonly<{
  programIdIndex: number
  accounts: readonly number[]
  data: Uint8Array
  stackHeight: number | null
}>

/**
 * One instruction in `jsonParsed` form: `{program, programId, parsed, stackHeight}` where the
 * node has a parser that accepts it (spl-memo's `parsed` is the memo text), otherwise the
 * partially decoded `{programId, accounts, data, stackHeight}` with keys and base58 data.
 *
 * @param keys Static keys, then loaded writable, then loaded readonly keys.
 *
 * @example
 * ```ts
 * declare const keys: readonly string[]
 * const shown = parseInstruction({ programIdIndex: 2, accounts: [0, 1], data: new Uint8Array(12), stackHeight: null }, keys)
 * ```
 */
export function parseInstruction(
  instruction: InstructionToParse,
  keys: readonly string[],
): JsonOut {
  const { programIdIndex, accounts, data, stackHeight } = instruction
  const programId = keys[programIdIndex] ?? ''
  if (programId === MEMO_V1_PROGRAM_ID || programId === MEMO_PROGRAM_ID) {
    const memo = decodeUtf8(data)
    if (memo !== undefined) return { program: 'spl-memo', programId, parsed: memo, stackHeight }
  } else {
    const entry = PARSERS.get(programId)
    // The node's parsers refuse an instruction without accounts or with an index out of range.
    const inRange = accounts.length > 0 && accounts.every((index) => index < keys.length)
    if (entry !== undefined && inRange) {
      const [program, parse] = entry
      const parsed = parse(
        data,
        accounts.map((index) => keys[index] as string),
      )
      if (parsed !== undefined) return { program, programId, parsed, stackHeight }
    }
  }
  return {
    programId,
    accounts: accounts.map((index) => keys[index] ?? ''),
    data: encodeBase58(data),
    stackHeight,
  }
}
