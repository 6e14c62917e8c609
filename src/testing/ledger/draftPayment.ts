import type { Random } from './createRandom'
import type { World } from './createWorld'
import type { DraftBody, DraftInstruction } from './Execution'
import type { LedgerEra } from './StorageGeneration'
import { systemTransferInstruction } from './systemInstructions'
import { memoInstruction } from './tokenInstructions'
import type { LedgerAccount } from './types'

/** Payment shapes built on a System transfer. */
export type PaymentKind =
  | 'transfer'
  | 'memoPayment'
  | 'twoMemos'
  | 'emptyMemo'
  | 'invalidMemo'
  | 'failedTransfer'
  | 'rentShortfall'

const encoder = new TextEncoder()
const RENT_EXEMPT_MINIMUM = 890_880

/**
 * A System transfer from `payer`, alone or with memos (Memo v1 or v3), or one that fails: more
 * lamports than the payer has (`Custom(1)`), or too few for a brand-new recipient to be rent
 * exempt (InsufficientFundsForRent). `era` keeps invalid memos off Memo v1 where the release
 * could not show them (see `LedgerEra.invalidMemoV1`).
 */
export function draftPayment(
  world: World,
  payer: LedgerAccount,
  kind: PaymentKind,
  era?: LedgerEra,
): DraftBody {
  const { random, system } = world
  if (kind === 'rentShortfall') {
    const fresh = world.freshAddress(0n)
    const lamports = BigInt(random.between(1_000, RENT_EXEMPT_MINIMUM - 1))
    return {
      payer,
      instructions: [systemTransferInstruction(system, payer, fresh, lamports)],
      minUnits: 300,
      rentShortfall: fresh,
    }
  }
  const to = world.pickRecipient(payer)
  const lamports =
    kind === 'failedTransfer'
      ? payer.lamports + BigInt(random.between(1, 5_000)) * 1_000_000n
      : smallAmount(world, payer)
  const transfer = systemTransferInstruction(system, payer, to, lamports)
  const memos: DraftInstruction[] = []
  const memoProgram = random.chance(0.3) ? world.memoV1 : world.memo
  const signers = memoProgram === world.memo && random.chance(0.5) ? [payer] : []
  if (kind === 'memoPayment') memos.push(memoInstruction(memoProgram, memoText(random), signers))
  if (kind === 'twoMemos') {
    memos.push(memoInstruction(world.memo, encoder.encode('Test memo'), []))
    memos.push(memoInstruction(world.memoV1, encoder.encode('🦖'), []))
  }
  if (kind === 'emptyMemo') memos.push(memoInstruction(world.memo, new Uint8Array(0), signers))
  if (kind === 'invalidMemo') {
    const program = era?.invalidMemoV1 === false ? world.memo : memoProgram
    memos.push(memoInstruction(program, Uint8Array.of(0xff, 0xfe, 0x41, 0xc3, 0x28), []))
  }
  return { payer, instructions: [transfer, ...memos], minUnits: 2_000 + 3_000 * memos.length }
}

/** A transfer amount the payer can afford many times over: up to 3 SOL, at most 1/40 of it. */
function smallAmount(world: World, payer: LedgerAccount): bigint {
  const wanted = BigInt(world.random.between(1, 3_000)) * 1_000_000n + BigInt(world.random.int(1e6))
  const cap = payer.lamports / 40n
  return wanted < cap ? wanted : cap
}

/**
 * A memo's bytes: everyday texts, some with emoji, sometimes a reference number.
 */
export function memoText(random: Random): Uint8Array {
  const n = random.between(1, 99_999)
  const texts = [
    'Test memo',
    `invoice #${n}`,
    `payout batch ${n}`,
    'gm',
    'thanks for lunch 🍕',
    `order:${n.toString(16)}`,
    '🦖',
    `rent ${random.between(1, 12)}/2024`,
    'ẞtraße café – déjà vu',
  ]
  return encoder.encode(texts[random.int(texts.length)] ?? 'memo')
}
