import type { JsonOut } from './writeJson'

/**
 * How a history archive (not an Agave node) answers: the paging rules a walk must not take for
 * Agave's. A profile of `createMockLedger` carries one when it imitates an archive. Each field
 * names its source; `'old-faithful'` follows rpcpool/yellowstone-faithful @ 6bba09d.
 */
export type ArchiveDialect = Readonly<{
  /** The archive's name, for messages. */
  name: string
  /**
   * getSignaturesForAddress lists the `until` entry, then stops (OF
   * `gsfa/gsfa-read-multiepoch.go:195-198`). Agave's `until` is exclusive.
   */
  untilInclusive: boolean
  /**
   * `before` and `until` are matched by signature inside the address's own history (OF
   * `gsfa/gsfa-read-multiepoch.go:175-198`): an unknown or foreign `before` gives `[]`, an unknown
   * or foreign `until` is ignored. No error either way.
   */
  cursorsInAddressHistory: boolean
  /**
   * A `limit` of 0 or less, above `maxLimit`, or not a number is read as `maxLimit`, without an
   * error (OF `getSignaturesForAddress.go:42-46,67-70`).
   */
  clampsLimit: boolean
  /** The largest page. */
  maxLimit: number
  /**
   * Batches (a JSON array body) are refused: HTTP 400, -32700 `Parse error` (OF
   * `multiepoch.go:394-404`, the body is decoded into one request).
   */
  refusesBatches: boolean
  /**
   * Request bodies above this many bytes are refused: HTTP 413, -32600 `Request entity too
   * large` (OF `multiepoch.go:375-384`); undefined for no cap.
   */
  maxBodyBytes: number | undefined
  /**
   * Slots per epoch index. A page that spans several epochs lists the older epoch's entries
   * first: OF keeps a page's entries in a Go map by epoch and ranges over it, in random order
   * (`multiepoch-getSignaturesForAddress.go:217-228`); the mock takes the worst order, always.
   * Within an epoch, newest first. Undefined: one index, history order.
   */
  epochSlots: number | undefined
  /**
   * `commitment` and `minContextSlot` are not read: the archive serves finalized history only
   * (OF `getSignaturesForAddress.go:10-16`), and every entry is `finalized`.
   */
  ignoresCommitment: boolean
  /**
   * getTransaction of an unknown signature is -32009 `Transaction not found` (OF
   * `multiepoch-getTransaction.go:60-63`) instead of `null`; its second param must be a config
   * object (a bare encoding is -32602 `Invalid params`); `version` is always written.
   */
  transactionNotFoundError: boolean
  /** Requests without `"jsonrpc": "2.0"` are answered (OF never reads the member). */
  ignoresJsonrpcVersion: boolean
  /**
   * getSignaturesForAddress refuses what Agave lets pass: an unknown config key (-32602 `Invalid
   * params: failed to parse options`, `#[serde(deny_unknown_fields)]`), `limit: 0` (-32602), a
   * `processed` commitment (-32602 `Only confirmed or finalized commitments are supported`);
   * a limit above `maxLimit` is cut to it. Superbank's `handle_get_signatures_for_address`
   * (solana-rpc/superbank `crates/superbank-rpc/src/handlers/signatures.rs`, `types.rs`).
   */
  strictSignaturesConfig: boolean
  /** An unknown method is -32601 `Method not found: <name>` (Superbank `handlers/mod.rs`). */
  namesUnknownMethod: boolean
  /**
   * getBlock writes each block reward from its stored protobuf (OF `solana-block-rewards/ui.go`
   * `RewardsToUi`): `rewardType` is the protobuf enum's name, and a type its
   * `confirmed_block.proto` does not list is the number's text (`DeactivatedStake`, which Agave
   * 4.2 stores as 5, reads `"5"`: `RewardType.String()`); `commissionBps` is never written,
   * `commission` only where a percent was stored; no `numRewardPartitions`. Builds after
   * yellowstone-faithful PR 393 name the type and write `commissionBps` (commit a1fec01,
   * `solana-block-rewards/ui_test.go`); the mock stays at 6bba09d.
   */
  protoRewards: boolean
}>

/** Old Faithful (`faithful-cli rpc`), as Triton routes mainnet history to it. */
export const OLD_FAITHFUL: ArchiveDialect = {
  name: 'Old Faithful',
  untilInclusive: true,
  cursorsInAddressHistory: true,
  clampsLimit: true,
  maxLimit: 1000,
  refusesBatches: true,
  maxBodyBytes: 1024,
  epochSlots: 128,
  ignoresCommitment: true,
  transactionNotFoundError: true,
  ignoresJsonrpcVersion: true,
  strictSignaturesConfig: false,
  namesUnknownMethod: false,
  protoRewards: true,
}

/**
 * Superbank (solana-rpc/superbank, Triton's history service behind getTransactionsForAddress):
 * Agave 4's cursors (exclusive, -32020 when unknown) and order, with a stricter config and a cap.
 */
export const SUPERBANK: ArchiveDialect = {
  name: 'Superbank',
  untilInclusive: false,
  cursorsInAddressHistory: false,
  clampsLimit: true,
  maxLimit: 1000,
  refusesBatches: false,
  maxBodyBytes: undefined,
  epochSlots: undefined,
  ignoresCommitment: false,
  transactionNotFoundError: false,
  ignoresJsonrpcVersion: false,
  strictSignaturesConfig: true,
  namesUnknownMethod: true,
  protoRewards: false,
}

/** An archive's answer to a body it will not read: the HTTP status and the JSON-RPC error. */
type ArchiveRefusal = Readonly<{ status: number; body: JsonOut }>

/**
 * An archive's error envelope: Old Faithful's jsonrpc2 writes `id` 0 for transport-level errors
 * and appends `jsonrpc` last (sourcegraph/jsonrpc2 v0.2.0 `jsonrpc2.go:91-97`, `response.go:29-42`).
 */
export function archiveError(code: number, message: string): JsonOut {
  return { id: 0, error: { code, message }, jsonrpc: '2.0' }
}

/**
 * Whether an archive refuses a request body before reading it: over its size cap (HTTP 413,
 * -32600 `Request entity too large`, OF `multiepoch.go:375-384`), or a batch where it takes one
 * request per body (HTTP 400, -32700 `Parse error`, OF `multiepoch.go:394-404`).
 */
export function findArchiveRefusal(
  dialect: ArchiveDialect,
  text: string,
): ArchiveRefusal | undefined {
  if (
    dialect.maxBodyBytes !== undefined &&
    new TextEncoder().encode(text).length > dialect.maxBodyBytes
  ) {
    return { status: 413, body: archiveError(-32600, 'Request entity too large') }
  }
  if (dialect.refusesBatches && text.trimStart().startsWith('[')) {
    return { status: 400, body: archiveError(-32700, 'Parse error') }
  }
  return undefined
}
