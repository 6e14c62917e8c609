import type { AccountMeta, LedgerAccount, LookupTable, TransactionConfigValues } from './types'

/** What a message compiler needs of an instruction. */
export type InstructionShape = Readonly<{
  program: LedgerAccount
  accounts: readonly AccountMeta[]
  data: Uint8Array
}>

type CompiledLookup = Readonly<{
  table: LedgerAccount
  writableIndexes: readonly number[]
  readonlyIndexes: readonly number[]
}>

export type CompiledMessage = Readonly<{
  version: 'legacy' | 0 | 1
  header: Readonly<{
    numRequiredSignatures: number
    numReadonlySignedAccounts: number
    numReadonlyUnsignedAccounts: number
  }>
  staticKeys: readonly LedgerAccount[]
  loadedWritable: readonly LedgerAccount[]
  loadedReadonly: readonly LedgerAccount[]
  /** Static keys, then loaded writable, then loaded readonly: what instruction indexes point into. */
  keys: readonly LedgerAccount[]
  instructions: readonly Readonly<{
    programIdIndex: number
    accounts: number[]
    data: Uint8Array
  }>[]
  /** Present for v0 only. */
  lookups: readonly CompiledLookup[] | undefined
  /** Present for v1 only: what the message's config mask and values say. */
  transactionConfig: TransactionConfigValues | undefined
}>

/**
 * Orders a transaction's accounts the way the runtime requires (fee payer first; signers writable,
 * signers readonly, non-signers writable, non-signers readonly; each group in order of first use)
 * and compiles instructions to key indexes. A v0 message loads every non-signer that is not an
 * invoked program from a lookup table when one lists it (program ids must stay static); a v1
 * message has no lookup tables (SIMD-0385), so it lists every key, and carries `config`.
 */
export function compileMessage(
  payer: LedgerAccount,
  instructions: readonly InstructionShape[],
  version: 'legacy' | 0 | 1,
  tables: readonly LookupTable[],
  config?: TransactionConfigValues | undefined,
): CompiledMessage {
  const { accounts, flags } = collectAccounts(payer, instructions)

  const groups: LedgerAccount[][] = [[], [], [], []]
  const perTable = new Map<number, { writable: LedgerAccount[]; readonly: LedgerAccount[] }>()
  for (let i = 0; i < accounts.length; i++) {
    const account = accounts[i] as LedgerAccount
    const flag = flags[i] ?? 0
    const signer = (flag & SIGNER) !== 0
    const writable = (flag & WRITABLE) !== 0
    if (version === 0 && !signer && (flag & INVOKED) === 0 && account.lookup !== undefined) {
      let lists = perTable.get(account.lookup.table)
      if (lists === undefined) {
        lists = { writable: [], readonly: [] }
        perTable.set(account.lookup.table, lists)
      }
      ;(writable ? lists.writable : lists.readonly).push(account)
      continue
    }
    ;(groups[(signer ? 0 : 2) + (writable ? 0 : 1)] as LedgerAccount[]).push(account)
  }
  const [signedWritable, signedReadonly, unsignedWritable, unsignedReadonly] = groups as [
    LedgerAccount[],
    LedgerAccount[],
    LedgerAccount[],
    LedgerAccount[],
  ]
  const staticKeys = signedWritable.concat(signedReadonly, unsignedWritable, unsignedReadonly)

  const lookups: CompiledLookup[] = []
  const loadedWritable: LedgerAccount[] = []
  const loadedReadonly: LedgerAccount[] = []
  for (const tableIndex of [...perTable.keys()].sort((a, b) => a - b)) {
    const lists = perTable.get(tableIndex)
    const table = tables[tableIndex]
    if (lists === undefined || table === undefined) continue
    loadedWritable.push(...lists.writable)
    loadedReadonly.push(...lists.readonly)
    lookups.push({
      table: table.account,
      writableIndexes: lists.writable.map(entryIndex),
      readonlyIndexes: lists.readonly.map(entryIndex),
    })
  }
  const keys = staticKeys.concat(loadedWritable, loadedReadonly)
  return {
    version,
    header: {
      numRequiredSignatures: signedWritable.length + signedReadonly.length,
      numReadonlySignedAccounts: signedReadonly.length,
      numReadonlyUnsignedAccounts: unsignedReadonly.length,
    },
    staticKeys,
    loadedWritable,
    loadedReadonly,
    keys,
    instructions: instructions.map((instruction) => ({
      programIdIndex: keys.indexOf(instruction.program),
      accounts: instruction.accounts.map((meta) => keys.indexOf(meta.account)),
      data: instruction.data,
    })),
    lookups: version === 0 ? lookups : undefined,
    transactionConfig: version === 1 ? (config ?? EMPTY_CONFIG) : undefined,
  }
}

const EMPTY_CONFIG: TransactionConfigValues = {
  priorityFee: null,
  computeUnitLimit: null,
  loadedAccountsDataSizeLimit: null,
  heapSize: null,
}

const SIGNER = 1
const WRITABLE = 2
const INVOKED = 4

function entryIndex(account: LedgerAccount): number {
  return account.lookup?.index ?? 0
}

/** Every account the message names, payer first, with its flags (signer, writable, invoked). */
function collectAccounts(
  payer: LedgerAccount,
  instructions: readonly InstructionShape[],
): { accounts: LedgerAccount[]; flags: number[] } {
  const accounts: LedgerAccount[] = [payer]
  const flags: number[] = [SIGNER | WRITABLE]
  const add = (account: LedgerAccount, flag: number): void => {
    const at = accounts.indexOf(account)
    if (at < 0) {
      accounts.push(account)
      flags.push(flag)
    } else {
      flags[at] = (flags[at] ?? 0) | flag
    }
  }
  for (const instruction of instructions) {
    add(instruction.program, INVOKED)
    for (const meta of instruction.accounts) {
      add(meta.account, (meta.signer ? SIGNER : 0) | (meta.writable ? WRITABLE : 0))
    }
  }
  return { accounts, flags }
}
