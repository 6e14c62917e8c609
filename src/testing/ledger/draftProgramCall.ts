import type { World } from './createWorld'
import type { DraftBody } from './Execution'
import {
  type ProgramCallOutcome,
  programCallInstruction,
  swapInstruction,
  unloadableProgramInstruction,
} from './programInstructions'
import { systemTransferInstruction } from './systemInstructions'
import type { LedgerAccount } from './types'

/** Custom program shapes. */
export type ProgramKind =
  | 'swap'
  | 'failedSwap'
  | 'rentCollection'
  | 'programCall'
  | 'failedProgramCall'
  | 'exhaustedProgramCall'
  | 'unloadableProgram'

const ANCHOR_ERRORS = [
  { code: 6000, name: 'InvalidAmount', message: 'Amount must be greater than zero' },
  { code: 6001, name: 'SlippageExceeded', message: 'Slippage tolerance exceeded' },
  { code: 6002, name: 'PoolPaused', message: 'The pool is paused' },
  { code: 6003, name: 'StaleOracle', message: 'Oracle price is stale' },
] as const

const NAMED_FAILURES: readonly ProgramCallOutcome[] = [
  'InvalidAccountData',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'InvalidInstructionData',
]

/**
 * Custom program calls: a swap with nested CPIs and return data (succeeding, failing with an
 * Anchor-style `Custom` code after its first CPI, or paying rent on an old account), an oracle
 * update without CPIs (succeeding, failing with a named InstructionError, or running out of
 * compute), and a call to an account that is no program (a load-time string error).
 */
export function draftProgramCall(
  world: World,
  payer: LedgerAccount,
  kind: ProgramKind,
): DraftBody | undefined {
  if (kind === 'unloadableProgram') return draftUnloadableCall(world, payer)
  if (kind === 'programCall' || kind === 'failedProgramCall' || kind === 'exhaustedProgramCall') {
    return draftOracleCall(world, payer, kind)
  }
  return draftSwap(world, payer, kind)
}

/**
 * A call to an account that is no program. Missing accounts fail with ProgramAccountNotFound;
 * existing non-executable ones with InvalidProgramForExecution. Both are charged the fee and
 * never run.
 */
function draftUnloadableCall(world: World, payer: LedgerAccount): DraftBody {
  const { random } = world
  const missing = random.chance(0.5)
  const program = missing
    ? world.freshAddress(0n)
    : (world.externals[random.int(world.externals.length)] as LedgerAccount)
  return {
    payer,
    instructions: [
      systemTransferInstruction(world.system, payer, world.treasury, 5_000n),
      unloadableProgramInstruction(program, payer),
    ],
    minUnits: 0,
    loadError: missing ? 'ProgramAccountNotFound' : 'InvalidProgramForExecution',
  }
}

/** An oracle update without CPIs: succeeding, failing with a named error, or out of compute. */
function draftOracleCall(
  world: World,
  payer: LedgerAccount,
  kind: 'programCall' | 'failedProgramCall' | 'exhaustedProgramCall',
): DraftBody {
  const { random } = world
  const outcome: ProgramCallOutcome =
    kind === 'programCall'
      ? 'success'
      : kind === 'exhaustedProgramCall'
        ? 'exhausted'
        : (NAMED_FAILURES[random.int(NAMED_FAILURES.length)] as ProgramCallOutcome)
  return {
    payer,
    instructions: [
      programCallInstruction({
        program: world.oracle,
        payer,
        state: world.oracleStates[random.int(world.oracleStates.length)] as LedgerAccount,
        clock: world.clock,
        system: world.system,
        value: BigInt(random.between(1, 2_000_000_000)),
        units: random.between(1_500, 9_000),
        returns: random.chance(0.5),
        outcome,
      }),
    ],
    minUnits: 12_000,
  }
}

/** A swap with nested CPIs and return data: succeeding, failing after a CPI, or paying rent. */
function draftSwap(world: World, payer: LedgerAccount, kind: ProgramKind): DraftBody | undefined {
  const { random } = world
  const held = world.holdings.get(payer) ?? []
  const payerToken = held[random.int(held.length)]
  const mint = payerToken?.token?.mint
  const vault = world.vaults[random.int(world.vaults.length)]
  const vaultToken = mint === undefined ? undefined : vault?.tokens.get(mint)
  if (payerToken === undefined || vault === undefined || vaultToken === undefined) return undefined
  const lamportsIn = BigInt(random.between(10, 1_000)) * 1_000_000n
  const rentPayer = world.rentPayers[random.int(world.rentPayers.length)] as LedgerAccount
  const rent = BigInt(random.between(1, 400))
  const collectRent = kind === 'rentCollection' && rentPayer.lamports >= rent
  return {
    payer,
    instructions: [
      swapInstruction({
        program: world.swap,
        router: world.router,
        system: world.system,
        payer,
        vault: vault.account,
        payerToken,
        vaultToken,
        treasury: world.treasury,
        clock: world.clock,
        lamportsIn: lamportsIn < payer.lamports / 40n ? lamportsIn : payer.lamports / 40n,
        tokensOut: BigInt(random.between(1, 1_000_000)) * 10n ** BigInt(random.between(0, 3)),
        routerFee: lamportsIn / 500n + 5_000n,
        extraWritable: kind === 'rentCollection' ? [rentPayer] : [],
        failure:
          kind === 'failedSwap' ? ANCHOR_ERRORS[random.int(ANCHOR_ERRORS.length)] : undefined,
      }),
    ],
    minUnits: 60_000,
    rentDebits: collectRent ? [{ account: rentPayer, lamports: rent }] : undefined,
  }
}
