import type { DraftInstruction } from '../DraftInstruction'
import type { LedgerAccount } from '../LedgerAccount'
import { writeLittleEndian } from './writeLittleEndian'

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
