// The codes this package's own logic looks at are also named apart, so that using one does not
// keep the whole table in an app's bundle (bundlers never drop an object's unused members).
/** @internal */
export const INVALID_REQUEST = -32600
/** @internal */
export const METHOD_NOT_FOUND = -32601
/** @internal */
export const INVALID_PARAMS = -32602
/** @internal */
export const NODE_UNHEALTHY = -32005
/** @internal */
export const LONG_TERM_STORAGE_UNREACHABLE = -32019
/** @internal */
export const FILTER_TRANSACTION_NOT_FOUND = -32020
/** @internal */
export const UNSUPPORTED_TRANSACTION_VERSION = -32015

/**
 * JSON-RPC error codes a ledger node answers with. The standard ones come from JSON-RPC 2.0; the
 * server ones (-32001 and below) mirror the node's `custom_error.rs`, and keep their names there.
 * Codes are never reordered or reused.
 *
 * @example
 * ```ts
 * import { JsonRpcErrorCode, isConfirmedRpcError } from 'confirmed-rpc'
 *
 * function isUnsupportedVersion(error: unknown): boolean {
 *   return isConfirmedRpcError(error, 'RPC_ERROR') &&
 *     error.context.rpcCode === JsonRpcErrorCode.UNSUPPORTED_TRANSACTION_VERSION
 * }
 * ```
 */
export const JsonRpcErrorCode = {
  /** Body is not valid JSON. */
  PARSE_ERROR: -32700,
  /** Not a valid request object, or `jsonrpc` is not "2.0". */
  INVALID_REQUEST,
  /** Unknown method, including the deprecated ones on nodes from 2.0 on. */
  METHOD_NOT_FOUND,
  /** Bad parameter: wrong count, type or value (`Invalid limit; max 1000`, bad signature, ...). */
  INVALID_PARAMS,
  /** Internal server error. */
  INTERNAL_ERROR: -32603,
  /** `Block {slot} cleaned up, does not exist on node. First available block: {n}` */
  BLOCK_CLEANED_UP: -32001,
  /** Preflight simulation of a sent transaction failed. */
  SEND_TRANSACTION_PREFLIGHT_FAILURE: -32002,
  /** `Transaction signature verification failure` */
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE: -32003,
  /** `Block not available for slot {slot}` */
  BLOCK_NOT_AVAILABLE: -32004,
  /** `Node is behind by {n} slots` or `Node is unhealthy`; retried by default. */
  NODE_UNHEALTHY,
  /** `Transaction precompile verification failure {e}` */
  TRANSACTION_PRECOMPILE_VERIFICATION_FAILURE: -32006,
  /** `Slot {slot} was skipped, or missing due to ledger jump to recent snapshot` */
  SLOT_SKIPPED: -32007,
  /** `No snapshot` */
  NO_SNAPSHOT: -32008,
  /** `Slot {slot} was skipped, or missing in long-term storage` */
  LONG_TERM_STORAGE_SLOT_SKIPPED: -32009,
  /** `{key} excluded from account secondary indexes; this RPC method unavailable for key` */
  KEY_EXCLUDED_FROM_SECONDARY_INDEX: -32010,
  /** `Transaction history is not available from this node` */
  TRANSACTION_HISTORY_NOT_AVAILABLE: -32011,
  /** Account scan failed; the message is the server's. */
  SCAN_ERROR: -32012,
  /** `Transaction signature length mismatch` */
  TRANSACTION_SIGNATURE_LEN_MISMATCH: -32013,
  /** `Block status not yet available for slot {slot}` */
  BLOCK_STATUS_NOT_AVAILABLE_YET: -32014,
  /**
   * `Transaction version ({n}) is not supported by the requesting client...`: a v0 or v1
   * transaction asked for without a high enough `maxSupportedTransactionVersion` (for `getBlock`
   * with `full` or `accounts` details, the whole block fails). Never retried; the error's
   * `context.transactionVersion` is `n`.
   */
  UNSUPPORTED_TRANSACTION_VERSION,
  /** `Minimum context slot has not been reached`, data `{contextSlot}`. */
  MIN_CONTEXT_SLOT_NOT_REACHED: -32016,
  /** `Epoch rewards period still active at slot {slot}` (2.x; reserved in 1.18). */
  EPOCH_REWARDS_PERIOD_ACTIVE: -32017,
  /** `Rewards cannot be found because slot {slot} is not the epoch boundary...` */
  SLOT_NOT_EPOCH_BOUNDARY: -32018,
  /** `Failed to query long-term storage; please try again` (2.0+); retried by default. */
  LONG_TERM_STORAGE_UNREACHABLE,
  /** `Transaction {signature} not found`: an unknown `before`/`until` (4.0+). */
  FILTER_TRANSACTION_NOT_FOUND,
  /** `No slot history` (4.1+). */
  NO_SLOT_HISTORY: -32021,
} as const

/** One of the {@link JsonRpcErrorCode} values. */
export type JsonRpcErrorCode = (typeof JsonRpcErrorCode)[keyof typeof JsonRpcErrorCode]
