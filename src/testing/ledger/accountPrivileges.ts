import { BPF_LOADER_UPGRADEABLE_PROGRAM_ID, BUILTIN_AND_SYSVAR_KEYS } from './programIds'
import type { LedgerMessage } from './types'

/**
 * Whether account `index` of `message` signed it: the first `numRequiredSignatures` static keys
 * do, loaded keys never do.
 */
export function isSigner(message: LedgerMessage, index: number): boolean {
  return index >= 0 && index < message.header.numRequiredSignatures
}

/** The keys a v0 message loaded from lookup tables: writable ones first, each in lookup order. */
type LoadedKeys = Readonly<{ writable: readonly string[]; readonly: readonly string[] }>

/**
 * Whether a node reports account `index` (of static then loaded keys) as writable in jsonParsed
 * `accountKeys`. The header (or the lookup side) grants the write lock; the node then demotes
 * reserved keys (builtin programs and sysvars) and invoked program ids, the latter only while the
 * upgradeable loader is not among the keys.
 *
 * @param reserved - the keys never reported writable.
 *   @default BUILTIN_AND_SYSVAR_KEYS (1.18); pass RESERVED_ACCOUNT_KEYS for Agave 2.x and later
 * @param demoteInvoked - whether invoked program ids are demoted (1.9 and later; 1.6 and 1.3 did
 *   not). @default true
 */
export function isWritable(
  message: LedgerMessage,
  index: number,
  loaded: LoadedKeys,
  reserved: ReadonlySet<string> = BUILTIN_AND_SYSVAR_KEYS,
  demoteInvoked = true,
): boolean {
  const keys = message.staticAccountKeys
  let key: string | undefined
  if (index < keys.length) {
    if (!isWritableStatic(message, index)) return false
    key = keys[index]
  } else {
    const loadedIndex = index - keys.length
    if (loadedIndex >= loaded.writable.length) return false
    key = loaded.writable[loadedIndex]
  }
  if (key === undefined || reserved.has(key)) return false
  return !(demoteInvoked && isInvoked(message, index) && !hasUpgradeableLoader(message, loaded))
}

function isWritableStatic(message: LedgerMessage, index: number): boolean {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } =
    message.header
  if (index < numRequiredSignatures)
    return index < numRequiredSignatures - numReadonlySignedAccounts
  return index < message.staticAccountKeys.length - numReadonlyUnsignedAccounts
}

function isInvoked(message: LedgerMessage, index: number): boolean {
  return message.instructions.some((instruction) => instruction.programIdIndex === index)
}

function hasUpgradeableLoader(message: LedgerMessage, loaded: LoadedKeys): boolean {
  const id = BPF_LOADER_UPGRADEABLE_PROGRAM_ID
  return (
    message.staticAccountKeys.includes(id) ||
    loaded.writable.includes(id) ||
    loaded.readonly.includes(id)
  )
}
