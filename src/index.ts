/**
 * confirmed-rpc: a typed client for `getConfirmedTransaction` and `getConfirmedSignaturesForAddress2`
 * and their replacements `getTransaction` and `getSignaturesForAddress`.
 *
 * Every export is listed by name; a test snapshots this list so that API changes show in review.
 * @packageDocumentation
 */

export type { ActionClient } from './actions/ActionClient'
export type {
  GetConfirmedSignaturesForAddress2Config,
  GetConfirmedSignaturesForAddress2Result,
  GetSignaturesForAddressConfig,
  GetSignaturesForAddressResult,
} from './actions/getSignaturesForAddress'
export {
  type GetConfirmedTransactionConfig,
  type GetConfirmedTransactionParams,
  type GetConfirmedTransactionResult,
  type GetTransactionConfig,
  type GetTransactionParams,
  type GetTransactionResult,
  MAX_DECODED_TRANSACTION_VERSION,
} from './actions/getTransaction'
export {
  type BalanceRecord,
  balanceChanges,
  type TransactionFee,
  transactionFee,
} from './books/balanceChanges'
export type { BalanceChange } from './books/types'
export {
  type Client,
  type ClientBaseOptions,
  type ClientHttpOptions,
  type ClientOptions,
  type ClientTransportOptions,
  createClient,
} from './client'
export {
  AllEndpointsFailedError,
  ConfirmedRpcError,
  type ConfirmedRpcErrorArgs,
  CursorNotFoundError,
  InvalidParamError,
  isConfirmedRpcError,
  ResponseShapeError,
  type ResponseShapeErrorCode,
  RpcResponseError,
  TransportError,
  type TransportErrorCode,
} from './errors/ConfirmedRpcError'
export type {
  BaseErrorContext,
  EndpointFailure,
  ErrorContext,
  ErrorContextByCode,
  NetworkFailure,
} from './errors/ErrorCode'
export { ErrorCode } from './errors/ErrorCode'
export { JsonRpcErrorCode } from './errors/JsonRpcErrorCode'
export type { SignaturesForAddressOptions } from './history/SignaturesForAddressOptions'
export type { SignatureWalk } from './history/signaturesForAddress'
export type {
  AddressTransaction,
  TransactionsForAddressOptions,
  TransactionWalk,
} from './history/transactionsForAddress'
export type { HistoryCheckpoint, HistoryWalker } from './history/types'
export { stringifyJson } from './json/stringifyJson'
export {
  DEPRECATED_METHOD_WARNING_CODE,
  type MethodPolicyOptions,
  type MethodsPolicy,
  withMethodPolicy,
} from './migrate/withMethodPolicy'
export { type RangeWalkerOptions, rangeWalker } from './ranges/rangeWalker'
export type { ConfirmedTransaction } from './schemas/ConfirmedTransaction'
export type {
  Base58Input,
  Commitment,
  TransactionEncoding,
  U64,
  U64Mode,
} from './schemas/common'
export type {
  CompiledInstruction,
  InnerInstructions,
  InstructionForEncoding,
  JsonParsedInstruction,
  LegacyParsedInstruction,
  ParsedInstruction,
  PartiallyDecodedInstruction,
} from './schemas/Instruction'
export type {
  InstructionError,
  KnownInstructionError,
  UnknownInstructionError,
} from './schemas/InstructionError'
export type {
  AddressTableLookup,
  JsonParsedAccountKey,
  LegacyParsedAccountKey,
  MessageHeader,
  ParsedAccountKey,
  ParsedMessage,
  ParsedTransaction,
  RawMessage,
  RawTransaction,
  TransactionConfig,
} from './schemas/Message'
export type { Reward, RewardType } from './schemas/Reward'
export type { ConfirmationStatus, SignatureInfo } from './schemas/SignatureInfo'
export type { TokenBalance, UiTokenAmount } from './schemas/TokenBalance'
export type {
  KnownTransactionError,
  TransactionError,
  UnknownTransactionError,
} from './schemas/TransactionError'
export type {
  LoadedAddresses,
  RawReturnData,
  ReturnData,
  TransactionMeta,
  TransactionStatus,
} from './schemas/TransactionMeta'
export { type BatchingOptions, batching } from './transport/batching'
export {
  createFallbackTransport,
  type FallbackRankOptions,
  type FallbackTransportOptions,
} from './transport/createFallbackTransport'
export { createHttpTransport, type HttpTransportOptions } from './transport/createHttpTransport'
export {
  createRequestBudget,
  type RequestBudgetOptions,
} from './transport/createRequestBudget'
export { createRedactor, redactUrl } from './transport/redact'
export { type HttpTransportRetryOptions, isRetryableError } from './transport/retry'
export type {
  Batching,
  BudgetRequest,
  FetchFunction,
  HttpRequestEvent,
  HttpResponseEvent,
  RequestBudget,
  RetryDecisionContext,
  RpcRequest,
  RpcTransport,
  RpcTransportOptions,
  ThrottleEvent,
  TransportDescription,
} from './transport/types'
