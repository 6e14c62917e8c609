import type { World } from './createWorld'
import type { DraftBody } from './Execution'
import { createAccountInstruction } from './systemInstructions'
import { initializeAccount3Instruction } from './tokenInstructions'
import type { LedgerAccount, MintInfo } from './types'

/**
 * System CreateAccount of a fresh key pair (a second signer) followed by InitializeAccount3 on a
 * Token mint: the new account appears in post token balances only. Undefined once the budget of
 * fresh key pairs is spent.
 */
export function draftCreateTokenAccount(world: World, payer: LedgerAccount): DraftBody | undefined {
  const fresh = world.freshSigner()
  if (fresh === undefined) return undefined
  const mints = world.mints.filter((mint) => mint.program === world.token)
  const mint = mints[world.random.int(mints.length)] as MintInfo
  return {
    payer,
    instructions: [
      createAccountInstruction(world.system, payer, fresh, 2_039_280n, 165, world.token),
      initializeAccount3Instruction(fresh, mint, payer),
    ],
    minUnits: 6_000,
  }
}
