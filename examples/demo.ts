/**
 * A tour of confirmed-rpc: a page of history, one transaction in four encodings, a failed
 * transaction, and exact u64 values.
 *
 *   npm run demo                                   # against a mock Agave 4.2 node on loopback
 *   RPC_URL=https://your.node ADDRESS=<base58> npm run demo
 *
 * Without RPC_URL, a mock ledger (`confirmed-rpc/testing`) is served over HTTP on 127.0.0.1 and
 * the client talks to it as to any node. In your own code, import from 'confirmed-rpc' and
 * 'confirmed-rpc/testing'; this file imports the sources so that it runs without a build.
 */
import { createClient, isConfirmedRpcError } from '../src/index'
import { createMockLedger, serveMockLedger } from '../src/testing/index'

// The mock's default profile is today's mainnet (Agave 4.2): legacy, v0 and v1 transactions.
const ledger = process.env.RPC_URL ? undefined : createMockLedger({ seed: 1 })
const server = ledger ? await serveMockLedger(ledger) : undefined
const url = process.env.RPC_URL ?? server?.url ?? ''

const address =
  process.env.ADDRESS ?? ledger?.addresses()[0] ?? 'Vote111111111111111111111111111111111111111'

const short = (text: string) => `${text.slice(0, 8)}…${text.slice(-4)}`
const when = (blockTime: bigint | null | undefined) =>
  blockTime == null ? 'unknown time' : new Date(Number(blockTime) * 1000).toISOString().slice(0, 19)

try {
  console.log(
    `confirmed-rpc demo against ${ledger ? `a mock ${ledger.profile} node at ` : ''}${url}`,
  )
  // Deprecation notices (once per method) are on by default; this demo calls them on purpose.
  // u64 values (slots, lamports, fees) arrive as exact bigints by default. Mainnet holds v0 and
  // v1 transactions: the client reads every version there is (the deprecated method alone would
  // read legacy ones only, and a node answers -32015 for the others).
  const versions = { maxSupportedTransactionVersion: 1, deprecationWarnings: false } as const
  const client = createClient({ url, ...versions })
  // Plain numbers are opt-in: a balance above 2^53-1 is then an error, never a rounded value.
  const numbers = createClient({ url, u64: 'number', ...versions })

  // 1. A page of history, newest first.
  const page = await client.getConfirmedSignaturesForAddress2(address, { limit: 10 })
  console.log(`\n1. The newest ${page.length} transactions of ${short(address)}`)
  for (const info of page) {
    const status = info.err === null ? 'ok    ' : 'failed'
    console.log(
      `   slot ${info.slot}  ${when(info.blockTime)}  ${status}  ${short(info.signature)}`,
    )
  }

  // 2. One transaction in four encodings.
  const newest = page[0]
  const tx = newest && (await client.getConfirmedTransaction(newest.signature))
  const signature = tx?.transaction.signatures[0]
  if (tx && signature) {
    console.log(`\n2. Transaction ${short(signature)} (version ${tx.version}) in four encodings`)
    const { message } = tx.transaction
    console.log(
      `   json        ${message.accountKeys.length} account keys, ${message.instructions.length} instructions, fee ${tx.meta?.fee} lamports`,
    )
    const config = message.transactionConfig
    if (config) {
      console.log(
        `               v1 config: priority fee ${config.priorityFee ?? 0} lamports, ${config.computeUnitLimit} compute units`,
      )
    }
    const parsed = await client.getConfirmedTransaction(signature, { encoding: 'jsonParsed' })
    const instructions = parsed?.transaction.message.instructions ?? []
    const named = instructions.flatMap((instruction) =>
      'parsed' in instruction
        ? [
            `${instruction.program} ${typeof instruction.parsed === 'string' ? instruction.parsed : instruction.parsed.type}`,
          ]
        : [],
    )
    console.log(
      `   jsonParsed  ${named.length} of ${instructions.length} instructions parsed: ${named.join(', ') || 'none'}`,
    )
    for (const encoding of ['base64', 'base58'] as const) {
      const raw = await client.getConfirmedTransaction(signature, encoding)
      const [data = '', tag] = raw?.transaction ?? []
      console.log(
        `   ${encoding}      ['${data.slice(0, 24)}…', '${tag}'] (${data.length} characters)`,
      )
    }
  }

  // 3. A failed transaction: `err` says why, the logs say where.
  const failed = page.find((info) => info.err !== null)
  if (failed) {
    const record = await client.getConfirmedTransaction(failed.signature)
    console.log(`\n3. Transaction ${short(failed.signature)} failed`)
    console.log(`   err: ${JSON.stringify(failed.err)}`)
    console.log(`   the fee was charged all the same: ${record?.meta?.fee} lamports`)
    const lastLog = record?.meta?.logMessages?.at(-1)
    if (lastLog) console.log(`   last log line: ${lastLog}`)
  } else {
    console.log('\n3. No failed transaction on this page')
  }

  // 4. u64 values: exact bigints by default; plain numbers on request, never rounded.
  console.log('\n4. u64 values')
  if (tx)
    console.log(
      `   u64 'bigint' (the default): slot ${tx.slot}n, fee ${tx.meta?.fee}n (${typeof tx.slot})`,
    )
  // Large balances are rare: look through the newest hundred transactions for one.
  const hundred = await client.getConfirmedSignaturesForAddress2(address, { limit: 100 })
  let refused = false
  for (const info of hundred) {
    try {
      await numbers.getConfirmedTransaction(info.signature)
    } catch (error) {
      if (!isConfirmedRpcError(error, 'UNSAFE_INTEGER')) continue
      const { path, value } = error.context
      console.log(`   u64 'number' throws UNSAFE_INTEGER for ${short(info.signature)}:`)
      console.log(`   ${path} is ${value}, above 2^53-1 = ${Number.MAX_SAFE_INTEGER}`)
      refused = true
      break
    }
  }
  if (!refused) console.log("   u64 'number': every value of these hundred fits a number")
} finally {
  await server?.close()
}
