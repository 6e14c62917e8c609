import type { InstructionShape } from './compileMessage'
import type { StorageGeneration } from './StorageGeneration'
import type {
  LedgerAccount,
  Recording,
  TokenState,
  TransactionConfigValues,
  TransactionErrorJson,
} from './types'

/** One recorded cross-program invocation, before its accounts become key indexes. */
type InnerRecord = Readonly<{
  program: LedgerAccount
  accounts: readonly LedgerAccount[]
  data: Uint8Array
  stackHeight: number
}>

type Frame = { readonly program: LedgerAccount; readonly start: number }

const NO_DATA = new Uint8Array(0)

/**
 * The trace of one transaction's run: log lines in the node's wording, compute units, inner
 * instructions, return data and the balance changes to commit if it succeeds. Instruction drafts
 * drive it; nothing here decides outcomes, so a draft that calls `fail` is a deliberate failure.
 */
export class Execution {
  readonly logs: string[] = []
  readonly inner: { index: number; records: InnerRecord[] }[] = []
  readonly lamportDeltas = new Map<LedgerAccount, bigint>()
  readonly tokenDeltas = new Map<LedgerAccount, bigint>()
  readonly initialized: { account: LedgerAccount; state: TokenState }[] = []
  /** Token state changes committed after `initialized`, in order: re-owned or closed (undefined). */
  readonly tokenUpdates: { account: LedgerAccount; state: TokenState | undefined }[] = []
  err: TransactionErrorJson | null = null
  returnData: Readonly<{ program: LedgerAccount; data: Uint8Array }> | undefined
  remaining: number
  private index = 0
  private records: InnerRecord[] | undefined
  private readonly frames: Frame[] = []

  /**
   * @param lines - canonical copies of log lines seen so far in this ledger. A big ledger repeats
   *   the same few thousand lines hundreds of thousands of times; keeping one copy of each saves
   *   most of the memory logs would take (0.19x, a quarter of the ledger's heap: see SharedValues
   *   in finishTransaction.ts).
   */
  constructor(
    readonly limit: number,
    private readonly payer: LedgerAccount,
    private readonly fee: bigint,
    private readonly lines: Map<string, string> = new Map(),
  ) {
    this.remaining = limit
  }

  /** Lamports `account` holds at this point of the run (the fee is already taken). */
  lamportsOf(account: LedgerAccount): bigint {
    const fee = account === this.payer ? this.fee : 0n
    return account.lamports + (this.lamportDeltas.get(account) ?? 0n) - fee
  }

  /** Token units `account` holds at this point of the run. */
  tokensOf(account: LedgerAccount): bigint {
    return (account.token?.amount ?? 0n) + (this.tokenDeltas.get(account) ?? 0n)
  }

  /** Starts top-level instruction `index`. */
  begin(index: number): void {
    this.index = index
    this.records = undefined
  }

  /** Enters `program`: top level when no frame is open, else a CPI recorded as an inner instruction. */
  invoke(program: LedgerAccount, accounts: readonly LedgerAccount[] = [], data = NO_DATA): void {
    const depth = this.frames.length + 1
    if (depth > 1) {
      if (this.records === undefined) {
        this.records = []
        this.inner.push({ index: this.index, records: this.records })
      }
      this.records.push({ program, accounts, data, stackHeight: depth })
    }
    const lines = linesOf(program)
    let line = lines.invoke[depth]
    if (line === undefined) {
      line = ['Program ', program.address, ' invoke [', depth, ']'].join('')
      lines.invoke[depth] = line
    }
    this.logs.push(line)
    this.frames.push({ program, start: this.remaining })
  }

  /** A `Program log:` line of the running program. */
  log(text: string): void {
    this.push(['Program log: ', text].join(''))
  }

  /** A line logged without the `Program log:` prefix (builtins write these). */
  raw(text: string): void {
    this.push(text)
  }

  /** Charges compute units to the running program. */
  spend(units: number): void {
    this.remaining = Math.max(0, this.remaining - units)
  }

  /** Sets the transaction's return data from the running program. */
  setReturn(data: Uint8Array): void {
    const frame = this.frames.at(-1)
    if (frame === undefined) return
    const base64 = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64')
    this.push(['Program return: ', frame.program.address, ' ', base64].join(''))
    this.returnData = { program: frame.program, data }
  }

  /** Leaves the running program successfully after charging its own `units`. */
  succeed(units = 0): void {
    const frame = this.frames.pop()
    if (frame === undefined) return
    this.spend(frame.program.builtinUnits ?? units)
    this.closeLine(frame)
    this.logs.push(linesOf(frame.program).success)
  }

  /**
   * Fails the running program with `error` (logged as `reason`); every open frame fails with it,
   * as the error propagates up to the top-level instruction.
   */
  fail(units: number, error: string | Readonly<Record<string, unknown>>, reason: string): void {
    const first = this.frames.at(-1)
    this.spend(first?.program.builtinUnits ?? units)
    for (let frame = this.frames.pop(); frame !== undefined; frame = this.frames.pop()) {
      this.closeLine(frame)
      this.push(['Program ', frame.program.address, ' failed: ', reason].join(''))
    }
    this.err = { InstructionError: [this.index, error] }
  }

  /** Moves lamports, to be committed if the transaction succeeds. */
  transfer(from: LedgerAccount, to: LedgerAccount, lamports: bigint): void {
    this.lamportDeltas.set(from, (this.lamportDeltas.get(from) ?? 0n) - lamports)
    this.lamportDeltas.set(to, (this.lamportDeltas.get(to) ?? 0n) + lamports)
  }

  /** Moves token units between two token accounts of one mint. */
  moveTokens(from: LedgerAccount, to: LedgerAccount, amount: bigint): void {
    this.tokenDeltas.set(from, (this.tokenDeltas.get(from) ?? 0n) - amount)
    this.tokenDeltas.set(to, (this.tokenDeltas.get(to) ?? 0n) + amount)
  }

  /** Makes `account` a token account once the transaction commits. */
  initializeToken(account: LedgerAccount, state: TokenState): void {
    this.initialized.push({ account, state })
  }

  /** Changes (a new owner or close authority) or, with undefined, closes a token account on commit. */
  updateToken(account: LedgerAccount, state: TokenState | undefined): void {
    this.tokenUpdates.push({ account, state })
  }

  /** The token state `account` has at this point of the run, initializations included. */
  tokenStateOf(account: LedgerAccount): TokenState | undefined {
    for (let i = this.tokenUpdates.length - 1; i >= 0; i--) {
      const update = this.tokenUpdates[i]
      if (update?.account === account) return update.state
    }
    for (let i = this.initialized.length - 1; i >= 0; i--) {
      const init = this.initialized[i]
      if (init?.account === account) return init.state
    }
    return account.token
  }

  private closeLine(frame: Frame): void {
    if (frame.program.builtinUnits !== undefined) return
    const used = frame.start - this.remaining
    const program = frame.program.address
    this.push(
      ['Program ', program, ' consumed ', used, ' of ', frame.start, ' compute units'].join(''),
    )
  }

  private push(line: string): void {
    let canonical = this.lines.get(line)
    if (canonical === undefined) {
      canonical = line
      this.lines.set(line, line)
    }
    this.logs.push(canonical)
  }
}

/** Log lines are built with `join`, which gives flat strings: template literals leave a tree of parts. */
function linesOf(program: LedgerAccount): { invoke: string[]; success: string } {
  if (program.logLines === undefined) {
    program.logLines = { invoke: [], success: ['Program ', program.address, ' success'].join('') }
  }
  return program.logLines
}

/**
 * An instruction before compilation. `run` plays it against an Execution: at top level, or inside
 * another program's `run` as a CPI (then the Execution records it as an inner instruction).
 */
export type DraftInstruction = InstructionShape &
  Readonly<{
    run: (ex: Execution) => void
    /** SetComputeUnitLimit carries the limit it sets. */
    unitLimit?: number | undefined
    /** SetComputeUnitPrice carries its price, in micro-lamports per compute unit. */
    unitPrice?: bigint | undefined
  }>

/** A transaction before compilation, signing and execution. */
export type DraftTransaction = Readonly<{
  payer: LedgerAccount
  instructions: readonly DraftInstruction[]
  version: 'legacy' | 0 | 1
  /**
   * A v1 message's compute budget (SIMD-0385), in place of compute budget instructions: its unit
   * limit bounds the run and its priority fee (total lamports) joins the fee.
   */
  transactionConfig?: TransactionConfigValues | undefined
  /**
   * `plain`: a node without extended metadata storage (no logs, inner instructions, return data).
   * `old`: rows from before token balances and rewards were recorded.
   */
  recording: Recording
  /** The release that stores the row, which bounds what is recorded. @default the current one */
  storage?: StorageGeneration | undefined
  /** A load-time failure: the fee is charged and nothing runs (`ProgramAccountNotFound`, ...). */
  loadError?: string | undefined
  /** After a successful run this account is left below rent exemption: InsufficientFundsForRent. */
  rentShortfall?: LedgerAccount | undefined
  /** Rent collected from rent-paying accounts, reported as `Rent` rewards. */
  rentDebits?: readonly Readonly<{ account: LedgerAccount; lamports: bigint }>[] | undefined
}>

/** What a kind of transaction contributes before compute budget, version and recording are chosen. */
export type DraftBody = Readonly<{
  payer: LedgerAccount
  instructions: readonly DraftInstruction[]
  /** Compute units the run needs at least, so a requested limit never cuts it short by accident. */
  minUnits: number
  loadError?: string | undefined
  rentShortfall?: LedgerAccount | undefined
  rentDebits?: readonly Readonly<{ account: LedgerAccount; lamports: bigint }>[] | undefined
}>
