import { expect, it } from 'vitest'
import * as entry from '../src/index'
import * as testingEntry from '../src/testing/index'
import * as web3jsEntry from '../src/web3js/index'

// The public API at a glance: any export added or removed shows up in review as a snapshot diff.
it('exports exactly these values from confirmed-rpc', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "AllEndpointsFailedError",
      "ConfirmedRpcError",
      "CursorNotFoundError",
      "DEPRECATED_METHOD_WARNING_CODE",
      "ErrorCode",
      "InvalidParamError",
      "JsonRpcErrorCode",
      "MAX_DECODED_TRANSACTION_VERSION",
      "ResponseShapeError",
      "RpcResponseError",
      "TransportError",
      "balanceChanges",
      "batching",
      "createClient",
      "createFallbackTransport",
      "createHttpTransport",
      "createRedactor",
      "createRequestBudget",
      "isConfirmedRpcError",
      "isRetryableError",
      "rangeWalker",
      "redactUrl",
      "stringifyJson",
      "transactionFee",
      "withMethodPolicy",
    ]
  `)
})

it('exports exactly these values from confirmed-rpc/testing', () => {
  expect(Object.keys(testingEntry).sort()).toMatchInlineSnapshot(`
    [
      "createMockLedger",
      "mockLedgerHandlers",
      "serveMockLedger",
    ]
  `)
})

it('gives a mock ledger of confirmed-rpc/testing exactly these members', () => {
  const ledger = testingEntry.createMockLedger({ seed: 1, transactions: 50 })
  expect(Object.keys(ledger).sort()).toMatchInlineSnapshot(`
    [
      "addresses",
      "handle",
      "handleText",
      "profile",
      "signatures",
      "state",
      "transaction",
      "transport",
      "walletEntries",
      "walletHoldings",
      "walletOwners",
      "walletSignatures",
    ]
  `)
})

it('exports exactly these values from confirmed-rpc/web3js', () => {
  expect(Object.keys(web3jsEntry).sort()).toMatchInlineSnapshot(`
    [
      "createMigratingFetch",
      "toDeprecatedRequest",
      "toDeprecatedResult",
      "toReplacementRequest",
      "toReplacementResult",
    ]
  `)
})
