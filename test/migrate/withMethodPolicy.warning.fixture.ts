// Run in a child process by warnDeprecatedMethod.test.ts: two clients of a 1.18 ledger call each
// deprecated method three times; the process must print one notice per method.
import { createClient } from '../../src/client'
import { createMockLedger } from '../../src/testing/createMockLedger'

const ledger = createMockLedger({ seed: 5, profile: 'v1.18', transactions: 60 })
const [address = ''] = ledger.addresses()
for (const client of [
  createClient({ transport: ledger.transport }),
  createClient({ transport: ledger.transport }),
]) {
  for (let i = 0; i < 3; i++) {
    const [info] = await client.getConfirmedSignaturesForAddress2(address, { limit: 1 })
    await client.getConfirmedTransaction(info?.signature ?? '', 'base64').catch(() => null)
  }
}
process.stdout.write('done\n')
