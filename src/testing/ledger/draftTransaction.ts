import type { Random } from './createRandom'
import type { World } from './createWorld'
import { draftCreateTokenAccount } from './draftCreateTokenAccount'
import { draftPayment } from './draftPayment'
import { draftProgramCall } from './draftProgramCall'
import type { TokenLifecycle } from './draftTokenLifecycle'
import { draftTokenLifecycle } from './draftTokenLifecycle'
import { draftTokenTransfer } from './draftTokenTransfer'
import { draftV1Budget, type V1Traits } from './draftV1Budget'
import type { DraftBody, DraftInstruction, DraftTransaction } from './Execution'
import type { KindPick } from './pickTransactionKind'
import type { StorageGeneration } from './StorageGeneration'
import { type LedgerEra, ledgerEra, storageFor } from './StorageGeneration'
import { computeBudgetInstruction, systemTransferInstruction } from './systemInstructions'
import type { LedgerAccount, Recording } from './types'

const SOL = 1_000_000_000n
/** Below this a wallet is topped up by a whale before it pays again. */
const LOW_BALANCE = SOL / 20n
const PRICES = [1n, 1_000n, 10_000n, 50_000n, 100_000n, 250_000n, 1_000_000n]

/** Where a transaction is drafted: the profile's era and the release that stores its row. */
type DraftContext = Readonly<{
  /** @default the 1.18 era */
  era?: LedgerEra | undefined
  /** @default the era's writer */
  storage?: StorageGeneration | undefined
  /** Token account lives, when the ledger has them. @default undefined */
  lifecycle?: TokenLifecycle | undefined
  /**
   * Make the transaction a v1 one (an era with v1 messages only), its budget drawn from `random`
   * (the ledger's v1 stream). @default undefined (legacy or v0)
   */
  v1?: Readonly<{ random: Random; traits?: V1Traits | undefined }> | undefined
}>

/**
 * Drafts one transaction of the picked kind: chooses the payer (topping it up from a whale when it
 * runs low), builds the body, prepends compute budget instructions to most, and settles the
 * message version and what the node recorded. The era keeps out what its release could not hold
 * (v0 messages before 1.10, a rent-state failure before 1.10.16); every random draw is made
 * whatever the era, so eras differ only where they must. A v1 draft trades its compute budget
 * instructions for the message's config (`draftV1Budget`).
 */
export function draftTransaction(
  world: World,
  pick: KindPick,
  context: DraftContext = {},
): DraftTransaction {
  const { random } = world
  const era = context.era ?? ledgerEra('v1.18')
  const payer = world.pickPayer()
  const body =
    payer.lamports < LOW_BALANCE
      ? whaleTransfer(world, payer)
      : (draftBody(world, payer, pick, era, context.lifecycle) ??
        draftPayment(world, payer, 'transfer', era))
  const budget: DraftInstruction[] = []
  const roll = random.float()
  if (roll < 0.5) {
    const units = Math.ceil((body.minUnits + random.between(0, 150_000)) / 1_000) * 1_000
    budget.push(computeBudgetInstruction(world.computeBudget, { unitLimit: units }))
  }
  if (roll < 0.62) {
    const unitPrice = PRICES[random.int(PRICES.length)] ?? 1n
    budget.push(computeBudgetInstruction(world.computeBudget, { unitPrice }))
  }
  const recordingRoll = random.float()
  const recording: Recording =
    pick.recording ?? (recordingRoll < 0.01 ? 'plain' : recordingRoll < 0.015 ? 'old' : 'full')
  const storage = storageFor(recording, context.storage ?? era.writer)
  const version = pick.version ?? (random.chance(0.35) ? 0 : 'legacy')
  const v1 =
    context.v1 !== undefined && era.v1Transactions
      ? draftV1Budget(world, body, budget, context.v1.random, context.v1.traits)
      : undefined
  return {
    payer: body.payer,
    instructions: v1?.instructions ?? [...budget, ...body.instructions],
    version: v1 !== undefined ? 1 : era.versionedTransactions && version !== 1 ? version : 'legacy',
    transactionConfig: v1?.transactionConfig,
    recording,
    storage,
    loadError: v1 === undefined ? body.loadError : v1.loadError,
    rentShortfall: era.rentStateChecks ? body.rentShortfall : undefined,
    // Rows recorded before rewards were stored could not report the rent, so none is taken.
    rentDebits: storage.rewards ? body.rentDebits : undefined,
  }
}

function draftBody(
  world: World,
  payer: LedgerAccount,
  pick: KindPick,
  era: LedgerEra,
  lifecycle: TokenLifecycle | undefined,
): DraftBody | undefined {
  switch (pick.kind) {
    case 'transfer':
    case 'memoPayment':
    case 'twoMemos':
    case 'emptyMemo':
    case 'invalidMemo':
    case 'failedTransfer':
    case 'rentShortfall':
      return draftPayment(world, payer, pick.kind, era)
    case 'tokenTransfer':
    case 'token2022Transfer':
    case 'failedTokenTransfer':
      return draftTokenTransfer(world, payer, {
        fail: pick.kind === 'failedTokenTransfer',
        token2022: pick.kind === 'token2022Transfer',
      })
    case 'swap':
    case 'failedSwap':
    case 'rentCollection':
    case 'programCall':
    case 'failedProgramCall':
    case 'exhaustedProgramCall':
    case 'unloadableProgram':
      return draftProgramCall(world, payer, pick.kind)
    case 'createTokenAccount':
      return draftCreateTokenAccount(world, payer)
    case 'whaleTransfer':
      return whaleTransfer(world, world.pickRecipient(payer))
    case 'openAssociated':
    case 'openOwnAccount':
    case 'openForOwner':
    case 'closeTokenAccount':
    case 'wrapSol':
    case 'solToClosed':
    case 'giftAccount':
    case 'reclaimGift':
      return lifecycle && draftTokenLifecycle(world, lifecycle, payer, pick.kind)
  }
}

/** A whale (balance above 2^53) sends 10 to 2,000 SOL to `to`. */
function whaleTransfer(world: World, to: LedgerAccount): DraftBody {
  const whale = world.whales[world.random.int(world.whales.length)] as LedgerAccount
  const lamports = BigInt(world.random.between(10, 2_000)) * SOL
  return {
    payer: whale,
    instructions: [systemTransferInstruction(world.system, whale, to, lamports)],
    minUnits: 300,
  }
}
