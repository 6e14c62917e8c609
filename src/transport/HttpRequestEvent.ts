import type { ErrorCode } from '../errors/ErrorCode'

/** Given to `onRequest` before each HTTP attempt of a call. Safe to log: no header, no raw URL. */
export type HttpRequestEvent = Readonly<{
  /** JSON-RPC method of the call. */
  method: string
  /** JSON-RPC id of the call; the same on every attempt of the call. */
  id: number
  /** The endpoint with secrets replaced by `***` (see `redactUrl`). */
  endpoint: string
  /** Attempt number, from 1. */
  attempt: number
  /** Calls in the HTTP request: 1, or the size of the batch this call travels in. */
  batchSize: number
}>

/** Given to `onResponse` after each HTTP attempt of a call, whatever its outcome. */
export type HttpResponseEvent = HttpRequestEvent &
  Readonly<{
    /** HTTP status, when an answer arrived. */
    status?: number | undefined
    /** Time from sending to the outcome of the attempt, in milliseconds. */
    durationMs: number
    /** Code of the attempt's error; absent on success. */
    errorCode?: ErrorCode | undefined
    /** JSON-RPC error code, when the node answered with an error object. */
    rpcCode?: number | undefined
  }>
