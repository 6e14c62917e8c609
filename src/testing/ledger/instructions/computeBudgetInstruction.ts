import type { DraftInstruction } from '../DraftInstruction'
import type { LedgerAccount } from '../LedgerAccount'
import { writeLittleEndian } from './writeLittleEndian'

export type ComputeBudgetSetting = Readonly<{ unitLimit: number }> | Readonly<{ unitPrice: bigint }>

/**
 * SetComputeUnitLimit (`0x02` + u32) or SetComputeUnitPrice (`0x03` + u64 micro-lamports). Nodes
 * have no jsonParsed parser for this program, so these exercise the unparsed fallback.
 */
export function computeBudgetInstruction(
  program: LedgerAccount,
  setting: ComputeBudgetSetting,
): DraftInstruction {
  const run: DraftInstruction['run'] = (ex) => {
    ex.invoke(program)
    ex.succeed()
  }
  if ('unitLimit' in setting) {
    const data = new Uint8Array(5)
    data[0] = 2
    writeLittleEndian(data, 1, BigInt(setting.unitLimit), 4)
    return { program, accounts: [], data, run, unitLimit: setting.unitLimit }
  }
  const data = new Uint8Array(9)
  data[0] = 3
  writeLittleEndian(data, 1, setting.unitPrice, 8)
  return { program, accounts: [], data, run, unitPrice: setting.unitPrice }
}
