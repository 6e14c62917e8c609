import type { Random } from './createRandom'
import type { World } from './createWorld'
import type { DraftBody, DraftInstruction } from './Execution'
import { memoInstruction } from './tokenInstructions'
import type { TransactionConfigValues } from './types'

/** What makes a v1 transaction of the ledger stand out; none of it for most. */
export type V1Traits = Readonly<{
  /**
   * Carries an attestation memo of about 2 KB, so the transaction is larger than the 1,232 bytes
   * legacy and v0 transactions may take (SIMD-0296 raised the limit to 4,096 for v1 only).
   */
  large?: boolean | undefined
  /**
   * Leaves the loaded accounts data size limit unset. v1 budgets zero bytes then (SIMD-0385,
   * "If bit 3 is not set the requested accounts data size limit is 0"), so the transaction fails
   * while loading its accounts with `MaxLoadedAccountsDataSizeExceeded`, its fee charged.
   */
  unsetLoadedLimit?: boolean | undefined
}>

/** The v1 side of a draft: the instructions it keeps, its config, and a load failure if any. */
type V1Budget = Readonly<{
  instructions: readonly DraftInstruction[]
  transactionConfig: TransactionConfigValues
  loadError: string | undefined
}>

/** Loaded accounts data size limits v1 senders set (kit's estimator rounds up to these). */
const LOADED_LIMITS = [64 * 1024, 128 * 1024, 256 * 1024, 1024 * 1024, 4 * 1024 * 1024]
/** Heap frames a few program calls ask for: multiples of 1 KiB from 32 KiB to 256 KiB. */
const HEAP_SIZES = [64 * 1024, 128 * 1024, 256 * 1024]
const MICRO_LAMPORTS = 1_000_000n

/**
 * A v1 transaction's compute budget (SIMD-0385): the values the message declares instead of
 * ComputeBudget instructions, which v1 ignores for its budget (they would only burn compute), so
 * none is sent. The unit limit is the one the sender would have requested (else the body's need
 * with some margin, since an unset limit means zero units); the priority fee is the total the
 * unit price came to, in lamports; the loaded accounts data size limit is set by all but the
 * sender that forgot it; a few program calls ask for a larger heap. Draws from `random` (the v1
 * stream) only, so the ledger's other draws do not shift.
 */
export function draftV1Budget(
  world: World,
  body: DraftBody,
  budget: readonly DraftInstruction[],
  random: Random,
  traits: V1Traits = {},
): V1Budget {
  const instructions = traits.large
    ? [...body.instructions, memoInstruction(world.memo, attestation(random), [])]
    : body.instructions
  const needed = body.minUnits + (traits.large ? 1_200 + 40 * ATTESTATION_BYTES : 0)
  const requested = budget.find((instruction) => instruction.unitLimit !== undefined)?.unitLimit
  const computeUnitLimit =
    requested !== undefined && requested >= needed
      ? requested
      : Math.ceil((needed + random.between(0, 150_000)) / 1_000) * 1_000
  const price = budget.find((instruction) => instruction.unitPrice !== undefined)?.unitPrice
  const priorityFee =
    price === undefined
      ? null
      : (price * BigInt(computeUnitLimit) + MICRO_LAMPORTS - 1n) / MICRO_LAMPORTS
  const loadedAccountsDataSizeLimit = traits.unsetLoadedLimit
    ? null
    : (LOADED_LIMITS[random.int(LOADED_LIMITS.length)] ?? 64 * 1024)
  const heapSize = random.chance(0.08) ? (HEAP_SIZES[random.int(HEAP_SIZES.length)] ?? null) : null
  return {
    instructions,
    transactionConfig: { priorityFee, computeUnitLimit, loadedAccountsDataSizeLimit, heapSize },
    loadError: traits.unsetLoadedLimit ? 'MaxLoadedAccountsDataSizeExceeded' : body.loadError,
  }
}

const ATTESTATION_BYTES = 2_048
const WORDS = ['attest', 'proof', 'batch', 'root', 'signer', 'epoch', 'digest', 'leaf']

/** An attestation memo of exactly {@link ATTESTATION_BYTES} ASCII bytes. */
function attestation(random: Random): Uint8Array {
  let text = `attestation ${random.uint32().toString(16)}:`
  while (text.length < ATTESTATION_BYTES) text += ` ${WORDS[random.int(WORDS.length)] ?? 'leaf'}`
  return new TextEncoder().encode(text.slice(0, ATTESTATION_BYTES))
}
