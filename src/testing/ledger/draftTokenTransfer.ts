import type { World } from './createWorld'
import { memoText } from './draftPayment'
import type { DraftBody, DraftInstruction } from './Execution'
import { systemTransferInstruction } from './systemInstructions'
import {
  createIdempotentInstruction,
  memoInstruction,
  tokenTransferInstruction,
} from './tokenInstructions'
import type { LedgerAccount } from './types'

/**
 * A token transfer from one of `payer`'s token accounts to another holder of the mint: Transfer
 * or TransferChecked (always checked on Token-2022), preceded by an idempotent associated account
 * creation or followed by a small System tip, sometimes with a memo. With `fail`, it moves more
 * than the source holds. Undefined when the payer holds nothing to send.
 */
export function draftTokenTransfer(
  world: World,
  payer: LedgerAccount,
  options: Readonly<{ fail: boolean; token2022: boolean }>,
): DraftBody | undefined {
  const { random } = world
  const held = (world.holdings.get(payer) ?? []).filter(
    (account) =>
      (account.token?.amount ?? 0n) > 0n &&
      (account.token?.mint.program === world.token2022) === options.token2022,
  )
  const source = held[random.int(held.length)]
  const mint = source?.token?.mint
  if (source?.token === undefined || mint === undefined) return undefined
  const candidates = (world.holders.get(mint) ?? []).filter(
    (account) => account.token?.owner !== payer,
  )
  const hotAccount = candidates.find((account) => account.token?.owner === world.wallets[0])
  const destination =
    hotAccount !== undefined && random.chance(0.3)
      ? hotAccount
      : candidates[random.int(candidates.length)]
  if (destination === undefined) return undefined
  const balance = source.token.amount
  const amount = options.fail
    ? balance + BigInt(random.between(1, 1_000_000))
    : 1n + BigInt(Math.floor(random.float() * Number(balance / 10n > 0n ? balance / 10n : 1n)))
  const checked = mint.program === world.token2022 || random.chance(0.5)
  const instructions: DraftInstruction[] = []
  const withAta = random.chance(0.6)
  if (withAta) {
    instructions.push(
      createIdempotentInstruction(world.associatedToken, payer, destination, world.system),
    )
  }
  instructions.push(tokenTransferInstruction(source, destination, payer, amount, checked))
  if (!withAta) {
    const tip = world.tipAccounts[random.int(world.tipAccounts.length)] as LedgerAccount
    instructions.push(
      systemTransferInstruction(world.system, payer, tip, BigInt(random.between(1_000, 200_000))),
    )
  }
  if (random.chance(0.08)) instructions.push(memoInstruction(world.memo, memoText(random), []))
  return { payer, instructions, minUnits: 20_000 }
}
