import { signaturesForAddress } from '../src/history/signaturesForAddress'
import { rangeWalker } from '../src/ranges/rangeWalker'
import { createMockLedger } from '../src/testing/createMockLedger'
import { withMethodPolicy } from '../src/migrate/withMethodPolicy'
import type { RpcTransport } from '../src/transport/types'

const n = Number(process.argv[2] ?? 100_500)
const profiles = (process.argv[3] ?? 'v4.2').split(',')
const t0 = performance.now()
const base = createMockLedger({ seed: 1, transactions: n })
const older = profiles.some((p) => p !== 'v4.2') ? createMockLedger({ seed: 1, transactions: n, profile: 'v1.18' }) : base
console.log('built', Math.round(performance.now() - t0), 'ms')
for (const profile of profiles) {
  const ledger = createMockLedger({ state: (profile === 'v4.2' ? base : older).state, profile: profile as 'v4.2' })
  const address = ledger.addresses()[0] as string
  const expected = ledger.signatures(address).map((s) => s.signature)
  for (const walker of [undefined, rangeWalker({ parallel: 8 }), rangeWalker({ parallel: 8, order: 'oldest' })]) {
    const sent: string[] = []
    const inner: RpcTransport = (req, o) => { sent.push(req.method); return ledger.transport(req, o) }
    const context = { transport: withMethodPolicy(inner, { deprecationWarnings: false }), u64: 'number' as const }
    const got: string[] = []
    for await (const info of signaturesForAddress(context, address, { ...(walker && { walker }) })) got.push(info.signature)
    const want = walker?.order === 'oldest' ? [...expected].reverse() : expected
    const exact = got.length === want.length && got.every((s, i) => s === want[i])
    const by = new Map<string, number>()
    for (const m of sent) by.set(m, (by.get(m) ?? 0) + 1)
    console.log(profile, walker?.name ?? 'sequential', exact ? 'exact' : 'NOT EXACT', sent.length, JSON.stringify([...by]))
  }
}
