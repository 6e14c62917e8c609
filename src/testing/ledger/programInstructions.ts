import type { DraftInstruction } from './Execution'
import { writeLittleEndian } from './encodeTransaction'
import { systemTransferInstruction } from './systemInstructions'
import { tokenTransferInstruction } from './tokenInstructions'
import type { LedgerAccount } from './types'

/** How a plain program call ends. */
export type ProgramCallOutcome =
  | 'success'
  /** Runs out of compute units: ProgramFailedToComplete. */
  | 'exhausted'
  /** Fails with a named InstructionError variant. */
  | 'InvalidAccountData'
  | 'IncorrectProgramId'
  | 'MissingRequiredSignature'
  | 'InvalidInstructionData'

const REASONS: Readonly<Record<string, string>> = {
  InvalidAccountData: 'invalid account data for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  InvalidInstructionData: 'invalid instruction data',
}

const DISCRIMINATOR = Uint8Array.of(0x62, 0xb2, 0x1f, 0x0d, 0x8a, 0x44, 0x3c, 0x9e)

/**
 * A custom (oracle-like) program call without CPIs: it logs, may set return data, and ends as
 * `outcome` says. Accounts: `[payer, state (writable), clock sysvar, System program]`.
 */
export function programCallInstruction(
  params: Readonly<{
    program: LedgerAccount
    payer: LedgerAccount
    state: LedgerAccount
    clock: LedgerAccount
    system: LedgerAccount
    value: bigint
    units: number
    returns: boolean
    outcome: ProgramCallOutcome
  }>,
): DraftInstruction {
  const { program, outcome, units } = params
  const data = new Uint8Array(16)
  data.set(DISCRIMINATOR)
  writeLittleEndian(data, 8, params.value, 8)
  return {
    program,
    accounts: [
      { account: params.payer, signer: true, writable: true },
      { account: params.state, signer: false, writable: true },
      { account: params.clock, signer: false, writable: false },
      { account: params.system, signer: false, writable: false },
    ],
    data,
    run: (ex) => {
      ex.invoke(program)
      ex.log('Instruction: UpdatePrice')
      if (outcome === 'exhausted') {
        ex.fail(
          ex.remaining,
          'ProgramFailedToComplete',
          `exceeded CUs meter at BPF instruction #${units}`,
        )
        return
      }
      if (outcome !== 'success') {
        ex.log(`Error: ${REASONS[outcome] ?? outcome}`)
        ex.fail(units, outcome, REASONS[outcome] ?? outcome)
        return
      }
      ex.log(`price: ${params.value}`)
      if (params.returns) ex.setReturn(data.subarray(8, 16))
      ex.succeed(units)
    },
  }
}

/** The accounts and amounts of one swap through the mock's custom swap program. */
type SwapParams = Readonly<{
  program: LedgerAccount
  router: LedgerAccount
  system: LedgerAccount
  payer: LedgerAccount
  vault: LedgerAccount
  /** The payer's token account and the vault's, of one mint. */
  payerToken: LedgerAccount
  vaultToken: LedgerAccount
  treasury: LedgerAccount
  clock: LedgerAccount
  lamportsIn: bigint
  tokensOut: bigint
  routerFee: bigint
  /** Writable accounts the program only reads (rent is collected from them). */
  extraWritable: readonly LedgerAccount[]
  /** An Anchor-style error to fail with after the first CPI, instead of completing. */
  failure?: Readonly<{ code: number; name: string; message: string }> | undefined
}>

const SWAP_DISCRIMINATOR = Uint8Array.of(0xf8, 0xc6, 0x9e, 0x91, 0xe1, 0x75, 0x87, 0xc8)
const COLLECT_DISCRIMINATOR = Uint8Array.of(0x3a, 0x1d, 0x4e, 0x07, 0x9b, 0x22, 0x50, 0xe6)

/**
 * A custom program call with nested CPIs: the swap program takes lamports from the payer (System
 * transfer, stack height 2), pays tokens out of its vault (Token transfer, 2), then calls the
 * router (2), which moves its fee to the treasury (System transfer, 3). Both programs set return
 * data, so the transaction's return data is the swap program's (the last one set).
 */
export function swapInstruction(params: SwapParams): DraftInstruction {
  const { program, router, system, payer, vault, payerToken, vaultToken, treasury } = params
  const mint = payerToken.token?.mint
  if (mint === undefined) throw new Error(`${payerToken.address} is not a token account`)
  const data = new Uint8Array(24)
  data.set(SWAP_DISCRIMINATOR)
  writeLittleEndian(data, 8, params.lamportsIn, 8)
  writeLittleEndian(data, 16, params.tokensOut, 8)
  const routerData = new Uint8Array(16)
  routerData.set(COLLECT_DISCRIMINATOR)
  writeLittleEndian(routerData, 8, params.routerFee, 8)
  const writable = (account: LedgerAccount) => ({ account, signer: false, writable: true })
  const readonly = (account: LedgerAccount) => ({ account, signer: false, writable: false })
  return {
    program,
    accounts: [
      { account: payer, signer: true, writable: true },
      writable(vault),
      writable(payerToken),
      writable(vaultToken),
      readonly(mint.account),
      writable(treasury),
      readonly(router),
      readonly(system),
      readonly(mint.program),
      readonly(params.clock),
      ...params.extraWritable.map(writable),
    ],
    data,
    run: (ex) => {
      ex.invoke(program)
      ex.log('Instruction: Swap')
      ex.spend(4_210)
      systemTransferInstruction(system, payer, vault, params.lamportsIn).run(ex)
      if (ex.err !== null) return
      const failure = params.failure
      if (failure !== undefined) {
        ex.log(
          `AnchorError occurred. Error Code: ${failure.name}. Error Number: ${failure.code}. Error Message: ${failure.message}.`,
        )
        ex.fail(
          2_470,
          { Custom: failure.code },
          `custom program error: 0x${failure.code.toString(16)}`,
        )
        return
      }
      ex.spend(1_000)
      tokenTransferInstruction(vaultToken, payerToken, vault, params.tokensOut, false, false).run(
        ex,
      )
      if (ex.err !== null) return
      ex.spend(1_000)
      ex.invoke(router, [vault, treasury, system], routerData)
      ex.log('Instruction: CollectFee')
      ex.spend(2_380)
      systemTransferInstruction(system, vault, treasury, params.routerFee).run(ex)
      ex.setReturn(data.subarray(16, 24))
      ex.succeed(911)
      ex.log(`Swapped ${params.lamportsIn} lamports for ${params.tokensOut} units`)
      ex.setReturn(data.subarray(16, 24).slice())
      ex.succeed(7_730)
    },
  }
}

/**
 * A call to an account that cannot be loaded as a program (missing, or not executable). Such a
 * transaction fails at load time: the node charges the fee and never runs it, so `run` is empty.
 */
export function unloadableProgramInstruction(
  program: LedgerAccount,
  payer: LedgerAccount,
): DraftInstruction {
  return {
    program,
    accounts: [{ account: payer, signer: true, writable: true }],
    data: Uint8Array.of(0, 1, 2, 3),
    run: () => undefined,
  }
}
