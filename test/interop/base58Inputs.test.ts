import { address as kitAddress, signature as kitSignature } from '@solana/kit'
import { PublicKey } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import type { Base58Input } from '../../src/schemas/common'
import { createMockLedger } from '../../src/testing/createMockLedger'
import type { RpcRequest, RpcTransport } from '../../src/transport/types'

// Every address and signature parameter, given in each form users have at hand: a string,
// web3.js v1's PublicKey, kit's branded Address/Signature strings, any object with toBase58().
// What reaches the node must be the plain base58 string, and the results those of a string.
const ledger = createMockLedger({ seed: 11, transactions: 600 })
const [busiest = ''] = ledger.addresses()
const history = ledger.signatures(busiest)
const at = (index: number): string => history[index]?.signature ?? ''
// The deprecated method refuses v0 transactions, so take a legacy one.
const legacy =
  history.find((info) => ledger.transaction(info.signature)?.message.version === 'legacy')
    ?.signature ?? ''
// `before` = entry 2 and `until` = entry 8 (both exclusive) leave entries 3..7.
const [before, until] = [at(2), at(8)]
const between = history.slice(3, 8).map((info) => info.signature)

function recordingClient() {
  const sent: RpcRequest[] = []
  const transport: RpcTransport = (request, options) => {
    sent.push(request)
    return ledger.transport(request, options)
  }
  return { client: createClient({ transport, u64: 'number', deprecationWarnings: false }), sent }
}

const addressForms: ReadonlyArray<readonly [string, Base58Input]> = [
  ['a plain string', busiest],
  ['a web3.js PublicKey', new PublicKey(busiest)],
  ["kit's Address", kitAddress(busiest)],
  ['an object with toBase58()', { toBase58: () => busiest }],
]

function signatureForms(value: string): ReadonlyArray<readonly [string, Base58Input]> {
  return [
    ['a plain string', value],
    ["kit's Signature", kitSignature(value)],
    ['an object with toBase58()', { toBase58: () => value }],
  ]
}

const cursorForms = signatureForms(before).map(
  ([name], index) =>
    [name, signatureForms(before)[index]?.[1], signatureForms(until)[index]?.[1]] as const,
)

describe.each(addressForms)('an address given as %s', (_, input) => {
  it('getConfirmedSignaturesForAddress2 sends the base58 string', async () => {
    const { client, sent } = recordingClient()
    const page = await client.getConfirmedSignaturesForAddress2(input, { limit: 5 })
    expect(page.map((info) => info.signature)).toEqual([0, 1, 2, 3, 4].map(at))
    expect(sent).toEqual([{ method: 'getSignaturesForAddress', params: [busiest, { limit: 5 }] }])
  })

  it('getSignaturesForAddress sends the base58 string', async () => {
    const { client, sent } = recordingClient()
    const page = await client.getSignaturesForAddress(input, { limit: 5 })
    expect(page.map((info) => info.signature)).toEqual([0, 1, 2, 3, 4].map(at))
    expect(sent).toEqual([{ method: 'getSignaturesForAddress', params: [busiest, { limit: 5 }] }])
  })

  it('the history walks send the base58 string on every page', async () => {
    const { client, sent } = recordingClient()
    const walked: string[] = []
    for await (const info of client.signaturesForAddress(input, { limit: 7, pageSize: 3 })) {
      walked.push(info.signature)
    }
    const fetched: string[] = []
    for await (const { info } of client.transactionsForAddress(input, { limit: 2 })) {
      fetched.push(info.signature)
    }
    expect(walked).toEqual([0, 1, 2, 3, 4, 5, 6].map(at))
    expect(fetched).toEqual([at(0), at(1)])
    const pages = sent.filter((request) => request.method === 'getSignaturesForAddress')
    expect(pages.length).toBeGreaterThanOrEqual(4)
    for (const request of pages) expect(request.params[0]).toBe(busiest)
  })
})

describe.each(signatureForms(legacy))('a signature given as %s', (_, input) => {
  it('getConfirmedTransaction sends the base58 string', async () => {
    const { client, sent } = recordingClient()
    const tx = await client.getConfirmedTransaction(input, 'base64')
    expect(tx?.slot).toBe(ledger.transaction(legacy)?.slot)
    // Sent as its replacement, the encoding in a config object (what getTransaction reads).
    expect(sent).toEqual([{ method: 'getTransaction', params: [legacy, { encoding: 'base64' }] }])
  })

  it('getTransaction sends the base58 string', async () => {
    const { client, sent } = recordingClient()
    const tx = await client.getTransaction(input, { maxSupportedTransactionVersion: 0 })
    expect(tx?.transaction.signatures[0]).toBe(legacy)
    expect(sent).toEqual([
      { method: 'getTransaction', params: [legacy, { maxSupportedTransactionVersion: 0 }] },
    ])
  })
})

describe.each(cursorForms)('before and until given as %s', (_, beforeInput, untilInput) => {
  const cursors = { before: beforeInput ?? '', until: untilInput ?? '' }
  const wire = { before, until }

  it('getConfirmedSignaturesForAddress2 and getSignaturesForAddress send base58 strings', async () => {
    const { client, sent } = recordingClient()
    const deprecated = await client.getConfirmedSignaturesForAddress2(busiest, cursors)
    const replacement = await client.getSignaturesForAddress(busiest, cursors)
    expect(deprecated.map((info) => info.signature)).toEqual(between)
    expect(replacement.map((info) => info.signature)).toEqual(between)
    expect(sent.map((request) => request.params)).toEqual([
      [busiest, wire],
      [busiest, wire],
    ])
  })

  it('the history walks start and stop at them', async () => {
    const { client, sent } = recordingClient()
    const walk = client.signaturesForAddress(new PublicKey(busiest), cursors)
    // Before anything is handed out, the checkpoint holds the cursors as given, as strings.
    expect(walk.checkpoint()).toMatchObject({ address: busiest, before, until, done: false })
    const walked: string[] = []
    for await (const info of walk) walked.push(info.signature)
    const fetched: string[] = []
    for await (const { info } of client.transactionsForAddress(busiest, cursors)) {
      fetched.push(info.signature)
    }
    expect(walked).toEqual(between)
    expect(fetched).toEqual(between)
    const pages = sent.filter((request) => request.method === 'getSignaturesForAddress')
    // The first page starts at the cursors as given; the short page that ends the walk is
    // followed by one request from its last entry, `until` unchanged.
    expect(pages[0]?.params[1]).toMatchObject(wire)
    for (const request of pages) expect(request.params[1]).toMatchObject({ until: wire.until })
  })
})

describe('the value is still checked, whatever its form', () => {
  const rejects = async (call: () => Promise<unknown>, param: string) => {
    const error = await call().then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(isConfirmedRpcError(error, 'INVALID_PARAM')).toBe(true)
    expect(isConfirmedRpcError(error, 'INVALID_PARAM') && error.context.param).toBe(param)
  }

  it('an address where a signature goes (32 bytes, not 64) is refused before sending', async () => {
    const { client, sent } = recordingClient()
    await rejects(() => client.getConfirmedTransaction(kitAddress(busiest)), 'signature')
    await rejects(() => client.getTransaction(new PublicKey(busiest)), 'signature')
    await rejects(
      () => client.getConfirmedSignaturesForAddress2(busiest, { before: new PublicKey(busiest) }),
      'config.before',
    )
    expect(sent).toEqual([])
  })

  it('an object whose toBase58() gives no base58 string is refused before sending', async () => {
    const { client, sent } = recordingClient()
    await rejects(
      () => client.getSignaturesForAddress({ toBase58: () => 'not-base58!' }),
      'address',
    )
    expect(sent).toEqual([])
  })
})
