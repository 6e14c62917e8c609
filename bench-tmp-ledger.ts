import { buildLedgerState } from './src/testing/ledger/buildLedgerState'
const n = Number(process.argv[2] ?? 5000)
buildLedgerState({ transactions: 200, seed: 9 })
const t = performance.now(); const c0 = process.cpuUsage()
const s = buildLedgerState({ transactions: n })
const ms = performance.now() - t; const cpu = process.cpuUsage(c0); console.log("cpu ms", ((cpu.user + cpu.system) / 1000).toFixed(0))
console.log('build', n, ms.toFixed(0), 'ms', 'heap MB', (process.memoryUsage().heapUsed / 1e6).toFixed(0))
console.log('blocks', s.slots.length, 'frontiers', s.frontiers, 'first', s.firstAvailableSlot)
for (const a of s.addresses.slice(0, 6)) console.log(a, s.byAddress.get(a)?.length)
let failed = 0, v0 = 0, memo = 0, multi = 0; const errs = new Map<string, number>()
for (const tx of s.bySignature.values()) { if (tx.meta.err) { failed++; const k = JSON.stringify(tx.meta.err).replace(/\d+/g, 'n'); errs.set(k, (errs.get(k) ?? 0) + 1) } if (tx.message.version === 0) v0++; if (tx.memo) memo++; if (tx.signatures.length > 1) multi++ }
console.log({ failed, v0, memo, multi }, errs)
