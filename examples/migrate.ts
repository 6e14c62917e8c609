/**
 * Deprecated calls on a node that removed them, side by side with web3.js v1.
 *
 *   npx tsx examples/migrate.ts                       # against a mock 2.x node on loopback
 *   RPC_URL=https://your.node ADDRESS=<base58> npx tsx examples/migrate.ts
 *
 * Without RPC_URL, a mock ledger that answers like an Agave 2.x node (-32601 for the deprecated
 * methods) is served over HTTP on 127.0.0.1, so both clients talk to it exactly as to a node.
 * See docs/migration.md.
 */
import { Connection, PublicKey } from '@solana/web3.js'
import { createClient } from '../src/client'
import { isConfirmedRpcError } from '../src/errors/ConfirmedRpcError'
import { toDeprecatedResult, toReplacementRequest } from '../src/migrate/mappings'
import { createMockLedger } from '../src/testing/createMockLedger'
import { serveMockLedger } from '../src/testing/serveMockLedger'

const ledger = process.env.RPC_URL ? undefined : createMockLedger({ seed: 42, profile: 'v2' })
const server = ledger ? await serveMockLedger(ledger) : undefined
const url = process.env.RPC_URL ?? server?.url ?? ''
const address =
  process.env.ADDRESS ?? ledger?.addresses()[0] ?? 'Vote111111111111111111111111111111111111111'
console.log(`node: ${ledger ? 'mock ledger, profile v2' : url}\naddress: ${address}\n`)

// The notice of each deprecated method the code calls (once per process and method), whatever
// name went on the wire.
process.on('warning', (warning) => {
  if ((warning as { code?: string }).code === 'CONFIRMED_RPC_DEPRECATED_METHOD') {
    console.log(`notice: ${warning.message}`)
  }
})

try {
  // 1. web3.js v1 still sends getConfirmedSignaturesForAddress2 as itself.
  const connection = new Connection(url, { disableRetryOnRateLimit: true })
  try {
    const page = await connection.getConfirmedSignaturesForAddress2(new PublicKey(address), {
      limit: 3,
    })
    console.log(`web3.js v1 getConfirmedSignaturesForAddress2: ${page.length} entries`)
  } catch (error) {
    console.log(`web3.js v1 getConfirmedSignaturesForAddress2 failed: ${(error as Error).message}`)
  }

  // 2. The same deprecated calls through confirmed-rpc, with the default methods: 'auto': they go
  // out as their replacements, which every node from 1.7 on serves, with no refused request.
  const sent: string[] = []
  const client = createClient({ url, onRequest: (event) => sent.push(event.method) })
  const page = await client.getConfirmedSignaturesForAddress2(address, { limit: 3 })
  console.log(`\nconfirmed-rpc getConfirmedSignaturesForAddress2: ${page.length} entries`)
  for (const info of page) {
    console.log(`  ${info.signature.slice(0, 20)}... slot ${info.slot} ${info.confirmationStatus}`)
  }
  for (const info of page) {
    try {
      const tx = await client.getConfirmedTransaction(info.signature, 'base64')
      console.log(`getConfirmedTransaction(base64): ${tx?.transaction[0].length} base64 chars`)
    } catch (error) {
      // A v0 transaction: the deprecated method never returned those (see step 3).
      if (!isConfirmedRpcError(error, 'RPC_ERROR')) throw error
      console.log(`getConfirmedTransaction: ${error.context.rpcCode} (a versioned transaction)`)
    }
  }
  console.log(`methods sent: ${sent.join(', ')}`)

  // 3. The replacement, with versioned transactions and minContextSlot.
  const first = page[0]
  if (first) {
    const tx = await client.getTransaction(first.signature, {
      encoding: 'jsonParsed',
      maxSupportedTransactionVersion: 0,
    })
    console.log(
      `\ngetTransaction(jsonParsed, v0 allowed): version ${tx?.version}, fee ${tx?.meta?.fee}`,
    )
  }

  // 4. The pure mapping helpers, for raw requests.
  const request = { method: 'getConfirmedTransaction', params: [first?.signature ?? '', 'base64'] }
  const replacement = toReplacementRequest(request)
  console.log(`\n${request.method}(…, 'base64') -> ${replacement.method}`, replacement.params[1])
  const raw = await client.request(replacement.method, replacement.params).catch(() => null)
  const shaped = toDeprecatedResult(replacement.method, raw) as { slot?: number } | null
  console.log(`raw replacement result, in the deprecated shape: slot ${shaped?.slot}`)
} finally {
  await server?.close()
}
