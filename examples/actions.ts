/**
 * The calls as standalone actions: a bare HTTP transport, only the actions imported, the same
 * answers as the client methods, and the migration policy where a node removed the deprecated
 * methods.
 *
 *   npx tsx examples/actions.ts                         # against mock 1.18 and 2.x nodes
 *   RPC_URL=https://your.node ADDRESS=<base58> npx tsx examples/actions.ts
 *
 * Without RPC_URL, two mock ledgers with the same history are served over HTTP on 127.0.0.1: one
 * answers like a 1.18 node (which has the deprecated methods), one like a 2.x node (which answers
 * them with -32601). See docs/actions.md.
 */
import {
  getConfirmedSignaturesForAddress2,
  getConfirmedTransaction,
  signaturesForAddress,
} from '../src/actions/index'
import { isConfirmedRpcError } from '../src/errors/ConfirmedRpcError'
import { withMethodPolicy } from '../src/migrate/withMethodPolicy'
import { createMockLedger } from '../src/testing/createMockLedger'
import { serveMockLedger } from '../src/testing/serveMockLedger'
import { createHttpTransport } from '../src/transport/createHttpTransport'

const v118 = process.env.RPC_URL
  ? undefined
  : createMockLedger({ seed: 42, transactions: 3_000, profile: 'v1.18' })
const v2 = v118 && createMockLedger({ state: v118.state, profile: 'v2' })
const servers = v118 && v2 ? [await serveMockLedger(v118), await serveMockLedger(v2)] : []
const [oldNode, newNode] = process.env.RPC_URL
  ? [process.env.RPC_URL, process.env.RPC_URL]
  : servers.map((server) => server.url)
const address =
  process.env.ADDRESS ?? v118?.addresses()[0] ?? 'Vote111111111111111111111111111111111111111'

try {
  // 1. A client is any { transport, u64? }: here a bare HTTP transport and exact bigints.
  const client = { transport: createHttpTransport({ url: oldNode ?? '' }), u64: 'bigint' as const }
  const page = await getConfirmedSignaturesForAddress2(client, address, { limit: 3 })
  console.log(
    `getConfirmedSignaturesForAddress2: ${page.length} entries, newest in slot ${page[0]?.slot}`,
  )
  const legacy = page.find((info) => info.err === null) ?? page[0]
  if (legacy) {
    const tx = await getConfirmedTransaction(client, legacy.signature, {
      encoding: 'base64',
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) =>
      isConfirmedRpcError(error, 'RPC_ERROR') ? error : Promise.reject(error),
    )
    console.log(
      tx instanceof Error
        ? `getConfirmedTransaction: the node answered ${tx.context.rpcCode} (a versioned transaction)`
        : `getConfirmedTransaction: slot ${tx?.slot}, fee ${tx?.meta?.fee} (a bigint)`,
    )
  }

  // 2. Actions send what they are given: on a node without the deprecated methods they fail...
  const bare = { transport: createHttpTransport({ url: newNode ?? '' }) }
  const refused = await getConfirmedSignaturesForAddress2(bare, address, { limit: 3 }).catch(
    (error: unknown) => error,
  )
  if (isConfirmedRpcError(refused, 'RPC_ERROR')) {
    console.log(
      `bare transport on the new node: ${refused.context.rpcCode} ${refused.context.rpcMessage}`,
    )
  }
  // ...and a transport wrapped by the migration policy keeps them working.
  const migrating = {
    transport: withMethodPolicy(createHttpTransport({ url: newNode ?? '' }), {
      deprecationWarnings: false,
    }),
  }
  const same = await getConfirmedSignaturesForAddress2(migrating, address, { limit: 3 })
  const equal = same.every((info, i) => info.signature === page[i]?.signature)
  console.log(
    `with the policy on the new node: ${same.length} entries, same as the old node: ${equal}`,
  )

  // 3. The walk is an action too.
  let walked = 0
  for await (const _ of signaturesForAddress(migrating, address, { limit: 2_500 })) walked++
  console.log(`signaturesForAddress: ${walked} entries`)
} finally {
  await Promise.all(servers.map((server) => server.close()))
}
