import { Connection, type FetchFn, PublicKey } from '@solana/web3.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type MockLedgerServer, serveMockLedger } from '../../../src/testing/serveMockLedger'
import { sharedLedger } from '../../support/sharedLedger'

// What the migrate command says of web3.js 1.99's deprecated methods, watched on the wire:
// web3.js itself (the installed 1.99.0) against a served ledger that answers as Agave 2.x
// does, with a fetch that records every JSON-RPC method sent.
const ledger = sharedLedger({ seed: 11, transactions: 300, profile: 'v2' })
let server: MockLedgerServer
type Sent = { method: string; params: unknown }
const requests: Sent[] = []
const sent: string[] = []
let connection: Connection

// The two methods the mock does not serve get an answer in the node's shape here: what is
// asserted of them is what web3.js sends, and what it makes of the answer.
const LOCAL_ANSWERS: Readonly<Record<string, unknown>> = {
  getLatestBlockhash: {
    context: { apiVersion: '2.2.7', slot: 341_000_000 },
    value: {
      blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N',
      lastValidBlockHeight: 319_000_150,
    },
  },
  getSupply: {
    context: { apiVersion: '2.2.7', slot: 341_000_000 },
    value: {
      total: 601_000_000,
      circulating: 520_000_000,
      nonCirculating: 81_000_000,
      nonCirculatingAccounts: [],
    },
  },
}

const recordingFetch: FetchFn = async (input, init) => {
  const body = JSON.parse(String(init?.body)) as (Sent & { id: unknown }) | Sent[]
  for (const { method, params } of Array.isArray(body) ? body : [body]) {
    sent.push(method)
    requests.push({ method, params })
  }
  if (!Array.isArray(body) && Object.hasOwn(LOCAL_ANSWERS, body.method)) {
    const answer = { jsonrpc: '2.0', id: body.id, result: LOCAL_ANSWERS[body.method] }
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
  }
  return fetch(input, init)
}

beforeAll(async () => {
  server = await serveMockLedger(ledger)
  connection = new Connection(server.url, {
    commitment: 'finalized',
    disableRetryOnRateLimit: true,
    fetch: recordingFetch,
  })
})
afterAll(() => server.close())

/** Finalized transactions of the ledger's busiest address, oldest first, with their versions. */
function history() {
  const address = ledger.addresses()[0] ?? ''
  return ledger
    .signatures(address)
    .filter((info) => info.confirmationStatus === 'finalized')
    .map((info) => ({ ...info, version: ledger.transaction(info.signature)?.message.version }))
    .reverse()
}

it('getConfirmedBlockSignatures sends what getBlockSignatures sends and returns the same', async () => {
  const slots = [...new Set(history().map((info) => info.slot))].slice(0, 5)
  expect(slots).toHaveLength(5)
  for (const slot of slots) {
    sent.length = 0
    requests.length = 0
    const deprecated = await connection.getConfirmedBlockSignatures(slot)
    const replacement = await connection.getBlockSignatures(slot)
    expect(sent).toEqual(['getBlock', 'getBlock'])
    expect(requests[1]).toEqual(requests[0])
    expect(replacement).toEqual(deprecated)
    expect(deprecated.signatures.length).toBeGreaterThan(0)
  }
})

it('getConfirmedBlock fails with -32015 on a block holding a v0 transaction; getBlock with a version reads it', async () => {
  const v0 = history().find((info) => info.version === 0)
  if (v0 === undefined) throw new Error('no v0 transaction in the ledger')
  sent.length = 0
  const error = await connection.getConfirmedBlock(v0.slot).catch((caught: unknown) => caught)
  expect(sent).toEqual(['getBlock'])
  expect((error as { code?: unknown }).code).toBe(-32015)
  const block = await connection.getBlock(v0.slot, { maxSupportedTransactionVersion: 1 })
  const held = block?.transactions.find((tx) => tx.transaction.signatures[0] === v0.signature)
  expect(held?.version).toBe(0)
})

it('getConfirmedSignaturesForAddress looks slots up with getBlock, then fails on getConfirmedSignaturesForAddress2 alone', async () => {
  const entries = history()
  const first = entries[2]
  const last = entries[entries.length - 3]
  if (first === undefined || last === undefined) throw new Error('history too short')
  sent.length = 0
  const error = await connection
    .getConfirmedSignaturesForAddress(
      new PublicKey(ledger.addresses()[0] ?? ''),
      first.slot,
      last.slot,
    )
    .catch((caught: unknown) => caught)
  expect(String(error)).toMatch(/Method not found/)
  // Everything before the last request is served by Agave 2.x; only the last is refused.
  expect(new Set(sent.slice(0, -1))).toEqual(
    new Set(['getFirstAvailableBlock', 'getBlock', 'getSlot']),
  )
  expect(sent.at(-1)).toBe('getConfirmedSignaturesForAddress2')
})

it('the parsed rewrite adds `version` to the result, and nothing else', async () => {
  const entries = history()
  const legacy = entries.find((info) => info.version === 'legacy')
  const v0 = entries.find((info) => info.version === 0)
  if (legacy === undefined || v0 === undefined) throw new Error('both versions are needed')
  const deprecated = await connection.getParsedConfirmedTransaction(legacy.signature)
  const replacement = await connection.getParsedTransaction(legacy.signature, {
    maxSupportedTransactionVersion: 1,
  })
  expect(deprecated).not.toBeNull()
  expect(deprecated).not.toHaveProperty('version')
  const { version, ...rest } = replacement ?? { version: undefined }
  expect(version).toBe('legacy')
  expect(rest).toEqual(deprecated)
  // And a v0 transaction comes back instead of failing.
  const refused = await connection
    .getParsedConfirmedTransaction(v0.signature)
    .catch((caught: unknown) => caught)
  expect((refused as { code?: unknown }).code).toBe(-32015)
  const read = await connection.getParsedTransaction(v0.signature, {
    maxSupportedTransactionVersion: 1,
  })
  expect(read?.version).toBe(0)
})

it('getRecentBlockhash(AndContext) send getLatestBlockhash; getTotalSupply sends getSupply; the removed ones send themselves', async () => {
  sent.length = 0
  requests.length = 0
  const recent = await connection.getRecentBlockhash()
  const latest = await connection.getLatestBlockhash()
  const withContext = await connection.getRecentBlockhashAndContext()
  expect(sent).toEqual(['getLatestBlockhash', 'getLatestBlockhash', 'getLatestBlockhash'])
  expect(requests[1]).toEqual(requests[0])
  expect(recent.blockhash).toBe(latest.blockhash)
  expect(withContext.value.blockhash).toBe(latest.blockhash)
  // The fee calculator it still returns throws when read.
  expect(() => recent.feeCalculator.lamportsPerSignature).toThrow(/getFeeForMessage/)

  sent.length = 0
  requests.length = 0
  expect(await connection.getTotalSupply()).toBe(601_000_000)
  expect(requests).toEqual([
    {
      method: 'getSupply',
      params: [{ commitment: 'finalized', excludeNonCirculatingAccountsList: true }],
    },
  ])

  // Agave 2.0 removed these two: a 2.x node does not know them.
  sent.length = 0
  const stake = new PublicKey(ledger.addresses()[0] ?? '')
  const refused = await Promise.all([
    connection.getFeeCalculatorForBlockhash(latest.blockhash).catch((caught: unknown) => caught),
    connection.getStakeActivation(stake).catch((caught: unknown) => caught),
  ])
  expect(sent).toEqual(['getFeeCalculatorForBlockhash', 'getStakeActivation'])
  for (const error of refused) expect(String(error)).toMatch(/Method not found/)
})
