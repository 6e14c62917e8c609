import { signaturesForAddress } from '../src/history/signaturesForAddress'
import { rangeWalker } from '../src/ranges/rangeWalker'
import { createMockLedger } from '../src/testing/createMockLedger'
import { withMethodPolicy } from '../src/migrate/withMethodPolicy'
import type { RpcTransport } from '../src/transport/types'

const n = Number(process.argv[2] ?? 100_500)
const ledger = createMockLedger({ seed: 1, transactions: n })
const address = ledger.addresses()[0] as string
const sent: string[] = []
const inner: RpcTransport = async (req, o) => {
  const r = await ledger.transport(req, o)
  const c = req.params[1] as { limit?: number; before?: string } | undefined
  sent.push(`${req.method} ${req.method.includes('Signatures') ? `limit=${c?.limit} before=${c?.before?.slice(0, 6)} -> ${(r as unknown[]).length}` : JSON.stringify(req.params[0])}`)
  return r
}
const context = { transport: withMethodPolicy(inner, { deprecationWarnings: false }), u64: 'number' as const }
let count = 0
for await (const _ of signaturesForAddress(context, address, { walker: rangeWalker({ parallel: 8 }) })) count++
console.log(count, ledger.signatures(address).length)
console.log(sent.join('\n'))
