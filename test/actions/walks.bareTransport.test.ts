import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signaturesForAddress, transactionsForAddress } from '../../src/actions/index'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import { createMockLedger, type MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerState } from '../../src/testing/ledger/types'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { createHttpTransport } from '../../src/transport/createHttpTransport'

// The walks as docs/actions.md shows them: over a bare HTTP transport, no client, no method
// policy, against the releases that exist today (2.x and 4.x removed the deprecated methods).
let state: LedgerState | undefined

// The walks send the replacements, so they work there as they are.
describe.each(['v2', 'v4'] as const)(
  'the walks over a bare createHttpTransport (%s)',
  (profile) => {
    let ledger: MockLedger
    let server: MockLedgerServer
    const methods: string[] = []
    beforeAll(async () => {
      // 2.x and 4.x are of one era (`ledgerEra`): the seed gives both the same state, built once.
      state ??= createMockLedger({ seed: 21, transactions: 1_500, profile }).state
      ledger = createMockLedger({ state, profile })
      // Counts what reaches the node, by method.
      server = await serveMockLedger({
        ...ledger,
        handleText: (text, options) => {
          for (const call of [JSON.parse(text)].flat() as { method: string }[]) {
            methods.push(call.method)
          }
          return ledger.handleText(text, options)
        },
      })
    })
    afterAll(() => server.close())

    // bigint: the ledger holds balances above 2^53-1.
    const client = () => ({
      transport: createHttpTransport({ url: server.url }),
      u64: 'bigint' as const,
    })

    it('signaturesForAddress yields the whole history, one stream and in ranges', async () => {
      const [address = ''] = ledger.addresses()
      const expected = ledger.signatures(address).map((info) => info.signature)
      for (const walker of [undefined, rangeWalker({ parallel: 4 })]) {
        const walked: string[] = []
        for await (const info of signaturesForAddress(client(), address, {
          pageSize: 200,
          walker,
        })) {
          walked.push(info.signature)
        }
        expect(walked).toEqual(expected)
      }
      expect(methods).not.toContain('getConfirmedSignaturesForAddress2')
      expect(methods).not.toContain('getTransactionsForAddress')
    })

    it('transactionsForAddress yields each entry with its transaction', async () => {
      const address = ledger.addresses()[1] ?? ''
      const expected = ledger.signatures(address).slice(0, 120)
      const walk = transactionsForAddress(client(), address, {
        limit: 120,
        pageSize: 50,
      })
      const walked: string[] = []
      for await (const { info, transaction } of walk) {
        expect(transaction?.transaction.signatures[0]).toBe(info.signature)
        walked.push(info.signature)
      }
      expect(walked).toEqual(expected.map((info) => info.signature))
      expect(methods).not.toContain('getConfirmedTransaction')
      expect(methods).toContain('getTransaction')
    })
  },
)
