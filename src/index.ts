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
} from './actions/getConfirmedSignaturesForAddress2'
export type {
  GetConfirmedTransactionConfig,
  GetConfirmedTransactionParams,
  GetConfirmedTransactionResult,
} from './actions/getConfirmedTransaction'
export type {
  GetSignaturesForAddressConfig,
  GetSignaturesForAddressResult,
} from './actions/getSignaturesForAddress'
export type {
  GetTransactionConfig,
  GetTransactionParams,
  GetTransactionResult,
} from './actions/getTransaction'
export {
  type Client,
  type ClientBaseOptions,
  type ClientHttpOptions,
  type ClientOptions,
  type ClientTransportOptions,
  createClient,
} from './client'
export { AllEndpointsFailedError } from './errors/AllEndpointsFailedError'
export {
  ConfirmedRpcError,
  type ConfirmedRpcErrorArgs,
  isConfirmedRpcError,
} from './errors/ConfirmedRpcError'
export { CursorNotFoundError } from './errors/CursorNotFoundError'
export { ErrorCode } from './errors/ErrorCode'
export type {
  BaseErrorContext,
  EndpointFailure,
  ErrorContext,
  ErrorContextByCode,
} from './errors/ErrorContext'
export { InvalidParamError } from './errors/InvalidParamError'
export { JsonRpcErrorCode } from './errors/JsonRpcErrorCode'
export { ResponseShapeError, type ResponseShapeErrorCode } from './errors/ResponseShapeError'
export { RpcResponseError } from './errors/RpcResponseError'
export { TransportError, type TransportErrorCode } from './errors/TransportError'
export type { HistoryCheckpoint } from './history/HistoryCheckpoint'
export type { SignaturesForAddressOptions } from './history/SignaturesForAddressOptions'
export { type SignatureWalk, signaturesForAddress } from './history/signaturesForAddress'
export {
  type AddressTransaction,
  type TransactionsForAddressOptions,
  type TransactionWalk,
  transactionsForAddress,
} from './history/transactionsForAddress'
export { parseJson } from './json/parseJson'
export { createMigratingFetch } from './migrate/createMigratingFetch'
export type { MigratingFetchOptions } from './migrate/MigratingFetchOptions'
export { toDeprecatedRequest } from './migrate/toDeprecatedRequest'
export { type ToDeprecatedResultOptions, toDeprecatedResult } from './migrate/toDeprecatedResult'
export {
  type ToReplacementRequestOptions,
  toReplacementRequest,
} from './migrate/toReplacementRequest'
export {
  type ToReplacementResultOptions,
  toReplacementResult,
} from './migrate/toReplacementResult'
export { DEPRECATED_METHOD_WARNING_CODE } from './migrate/warnDeprecatedMethod'
export {
  type MethodPolicyOptions,
  type MethodsPolicy,
  withMethodPolicy,
} from './migrate/withMethodPolicy'
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
} from './schemas/Message'
export type { Reward } from './schemas/Reward'
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
export type { Batching, BatchingOptions } from './transport/BatchingOptions'
export { batching } from './transport/batching'
export { createFallbackTransport } from './transport/createFallbackTransport'
export { createHttpTransport } from './transport/createHttpTransport'
export type {
  FallbackRankOptions,
  FallbackTransportOptions,
} from './transport/FallbackTransportOptions'
export type { FetchFunction } from './transport/FetchFunction'
export type { HttpRequestEvent, HttpResponseEvent } from './transport/HttpRequestEvent'
export type {
  HttpTransportOptions,
  HttpTransportRetryOptions,
} from './transport/HttpTransportOptions'
export { isRetryableError } from './transport/isRetryableError'
export { parseRetryAfter } from './transport/parseRetryAfter'
export type { RetryDecisionContext } from './transport/RetryDecisionContext'
export type { RpcRequest, RpcTransport, RpcTransportOptions } from './transport/RpcTransport'
export { redactUrl } from './transport/redactUrl'
export type { SharedRequestBudget } from './transport/SharedRequestBudget'
export type { ThrottleEvent } from './transport/ThrottleEvent'
