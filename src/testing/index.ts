/**
 * confirmed-rpc/testing: an in-memory ledger that answers like a real node, for your tests.
 *
 * `createMockLedger` builds a deterministic ledger of real, signed transactions; its `transport`
 * plugs into `createClient`. `serveMockLedger` serves it over HTTP on loopback (with CORS and
 * optional faults) and `mockLedgerHandlers` over msw. This entry runs on Node (it signs with
 * `node:crypto` and serves with `node:http`); `mockLedgerHandlers` needs `msw` installed.
 * @packageDocumentation
 */

export {
  type CreateMockLedgerOptions,
  createMockLedger,
  type MockLedger,
  type MockLedgerHandleTextOptions,
  type MockLedgerHoldingsOptions,
  type MockLedgerSignaturesOptions,
  type MockLedgerWalletOptions,
  type MockSignatureInfo,
  type MockWalletEntry,
} from './createMockLedger'
export type {
  LedgerProfile,
  LedgerState,
  LedgerTransaction,
  TokenAccountChange,
  TokenAccountSnapshot,
} from './ledger/types'
export {
  type MockLedgerHandlersOptions,
  type MswExports,
  mockLedgerHandlers,
} from './mockLedgerHandlers'
export type { MockLedgerFaultKind } from './serveMockLedger'
export {
  type MockLedgerFaults,
  type MockLedgerServer,
  type MockLedgerServerStats,
  type ServeMockLedgerOptions,
  serveMockLedger,
} from './serveMockLedger'
