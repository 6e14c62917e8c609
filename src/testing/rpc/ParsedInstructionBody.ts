import type { JsonOut } from './JsonOut'

/** The `parsed` member of a parsed instruction: `{type, info}` (a memo's is a plain string). */
export type ParsedInstructionBody = Readonly<{ type: string; info: { [key: string]: JsonOut } }>

/**
 * A program's instruction parser: data plus the instruction's account keys (at least one, all
 * resolved). Returns undefined where the node's parser fails (the instruction then falls back
 * to the unparsed form).
 */
export type InstructionParser = (
  data: Uint8Array,
  accounts: readonly string[],
) => ParsedInstructionBody | undefined
