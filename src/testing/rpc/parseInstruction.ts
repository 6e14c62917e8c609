import bs58 from 'bs58'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  MEMO_PROGRAM_ID,
  MEMO_V1_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../ledger/programIds'
import { decodeUtf8 } from './ByteReader'
import { parseSystemInstruction } from './parseSystemInstruction'
import { parseTokenInstruction } from './parseTokenInstruction'
import type { ProfileRules } from './profileRules'
import type { InstructionParser, ParsedInstructionBody } from './types'
import type { JsonOut } from './writeJson'

/** An instruction to show in `jsonParsed` form. */
type InstructionToParse = Readonly<{
  programIdIndex: number
  accounts: readonly number[]
  data: Uint8Array
  /** Left out of the output when undefined (releases before 1.16). */
  stackHeight: number | null | undefined
}>

/** The token parser as a release had it: fewer types, and 1.3's `tokenAmount` without a string. */
function tokenParser(rules: ProfileRules): InstructionParser {
  const types = rules.parsers.tokenTypes
  return (data, accounts) => {
    const parsed = parseTokenInstruction(data, accounts)
    if (parsed === undefined || (types !== undefined && !types.has(parsed.type))) return undefined
    const amount = parsed.info.tokenAmount
    if (rules.uiAmountString || typeof amount !== 'object' || amount === null) return parsed
    const { uiAmountString: _dropped, ...older } = amount as { [key: string]: JsonOut }
    return { type: parsed.type, info: { ...parsed.info, tokenAmount: older } }
  }
}

/** The program name and parser the release's node has for `programId`, if any. */
function parserFor(
  programId: string,
  rules: ProfileRules,
): readonly [program: string, parse: InstructionParser] | undefined {
  switch (programId) {
    case SYSTEM_PROGRAM_ID:
      return ['system', parseSystemInstruction]
    case TOKEN_PROGRAM_ID:
      return ['spl-token', tokenParser(rules)]
    case TOKEN_2022_PROGRAM_ID:
      // Token-2022 shares the parser and the name, from the release that knew the program.
      return rules.token2022 ? ['spl-token', tokenParser(rules)] : undefined
    case ASSOCIATED_TOKEN_PROGRAM_ID: {
      const kind = rules.parsers.associatedToken
      if (kind === 'none') return undefined
      const parse =
        kind === 'legacy' ? parseLegacyAssociatedTokenInstruction : parseAssociatedTokenInstruction
      return ['spl-associated-token-account', parse]
    }
    default:
      return undefined
  }
}

/**
 * One instruction in `jsonParsed` form: `{program, programId, parsed, stackHeight}` where the
 * release's node has a parser that accepts it (spl-memo's `parsed` is the memo text), otherwise
 * the partially decoded `{programId, accounts, data, stackHeight}` with keys and base58 data.
 * Parser coverage grew over releases (see `ProfileRules.parsers`), so an older node shows the
 * raw form for instructions a newer one parses.
 *
 * @param keys Static keys, then loaded writable, then loaded readonly keys.
 */
export function parseInstruction(
  instruction: InstructionToParse,
  keys: readonly string[],
  rules: ProfileRules,
): JsonOut {
  const { programIdIndex, accounts, data, stackHeight } = instruction
  const programId = keys[programIdIndex] ?? ''
  const parsed = (program: string, body: ParsedInstructionBody | string) => ({
    program,
    programId,
    parsed: body,
    stackHeight,
  })
  if (programId === MEMO_V1_PROGRAM_ID || (programId === MEMO_PROGRAM_ID && rules.parsers.memoV3)) {
    const memo = decodeUtf8(data)
    if (memo !== undefined) return parsed('spl-memo', memo)
  } else {
    const entry = parserFor(programId, rules)
    // The node's parsers refuse an instruction without accounts or with an index out of range.
    const inRange = accounts.length > 0 && accounts.every((index) => index < keys.length)
    if (entry !== undefined && inRange) {
      const [program, parse] = entry
      const body = parse(
        data,
        accounts.map((index) => keys[index] as string),
      )
      if (body !== undefined) return parsed(program, body)
    }
  }
  return {
    programId,
    accounts: accounts.map((index) => keys[index] ?? ''),
    data: bs58.encode(data),
    stackHeight,
  }
}

type Info = { [key: string]: JsonOut }

/**
 * The node's associated-token-account parser: empty data or tag 0 is `create`, 1
 * `createIdempotent`, 2 `recoverNested` (borsh: nothing may follow the tag).
 */
function parseAssociatedTokenInstruction(
  data: Uint8Array,
  a: readonly string[],
): ParsedInstructionBody | undefined {
  if (data.length > 1) return undefined
  const tag = data.length === 0 ? 0 : data[0]
  if (tag === 0 || tag === 1) {
    if (a.length < 6) return undefined
    const info = {
      source: a[0],
      account: a[1],
      wallet: a[2],
      mint: a[3],
      systemProgram: a[4],
      tokenProgram: a[5],
    } as Info
    return { type: tag === 0 ? 'create' : 'createIdempotent', info }
  }
  if (tag === 2) {
    if (a.length < 7) return undefined
    const info = {
      nestedSource: a[0],
      nestedMint: a[1],
      destination: a[2],
      nestedOwner: a[3],
      ownerMint: a[4],
      wallet: a[5],
      tokenProgram: a[6],
    } as Info
    return { type: 'recoverNested', info }
  }
  return undefined
}

/**
 * The associated-token-account parser of 1.6 to 1.9 (`transaction-status/src/
 * parse_associated_token.rs` @v1.9.29): it knew only `create` and its seven accounts, rent
 * sysvar included, and never read the data, so any instruction with seven accounts is a
 * `create` and one with fewer falls back to the raw form.
 */
function parseLegacyAssociatedTokenInstruction(
  _data: Uint8Array,
  a: readonly string[],
): ParsedInstructionBody | undefined {
  if (a.length < 7) return undefined
  const info = {
    source: a[0],
    account: a[1],
    wallet: a[2],
    mint: a[3],
    systemProgram: a[4],
    tokenProgram: a[5],
    rentSysvar: a[6],
  } as { [key: string]: JsonOut }
  return { type: 'create', info }
}
