import type { ErrorCode } from '../../src/errors/ErrorCode'
import { parseJson } from '../../src/json/parseJson'
import type { Exchange } from '../support/loopbackServer'

/** What an exchange allows the client to conclude, decided from the wire alone. */
export type WireOutcome =
  /** The call must fail with one of these codes. */
  | Readonly<{ kind: 'errors'; codes: readonly ErrorCode[] }>
  /** A body arrived whole and parsed: the envelope decides. `orCodes` are also acceptable. */
  | Readonly<{ kind: 'body'; parsed: unknown; orCodes: readonly ErrorCode[] }>

/** What a parsed body means for the call with `id`, by JSON-RPC 2.0. */
export type EnvelopeOutcome =
  | Readonly<{ kind: 'result'; value: unknown }>
  | Readonly<{ kind: 'rpc'; code: number; message: string }>
  | Readonly<{ kind: 'malformed' }>

const SLOW_BODY_BYTES = 8

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function own(record: Record<string, unknown>, key: string): unknown {
  return Object.getOwnPropertyDescriptor(record, key)?.value
}

/**
 * The outcome the client owes for one exchange, from the status, the delivery and the bytes sent
 * (`maxBytes` is the client's cap). An independent statement of the transport's rules.
 */
export function wireOutcome(exchange: Exchange, maxBytes: number): WireOutcome {
  const { status } = exchange
  const success = status >= 200 && status <= 299
  // A 204 or 304 has no body: the server ends it with its headers, however it was to be sent.
  const bodiless = status === 204 || status === 304
  const body = bodiless ? new Uint8Array() : exchange.body
  const delivery =
    bodiless && exchange.delivery.kind !== 'drop' ? ({ kind: 'whole' } as const) : exchange.delivery
  if (delivery.kind === 'drop') return { kind: 'errors', codes: ['NETWORK_ERROR'] }
  if (delivery.kind === 'hang') return { kind: 'errors', codes: ['TIMEOUT'] }
  // A few bytes may still arrive within the time limit, or not.
  const trickleCodes: ErrorCode[] = delivery.kind === 'trickle' ? ['TIMEOUT'] : []
  if (delivery.kind === 'trickle' && body.length >= SLOW_BODY_BYTES) {
    return { kind: 'errors', codes: ['TIMEOUT'] }
  }
  if (!success) {
    const codes: ErrorCode[] = ['HTTP_ERROR', ...trickleCodes]
    if (delivery.kind === 'reset') codes.push('NETWORK_ERROR')
    // node-fetch never ends a body whose declared length the connection cut short: the error
    // page's read only stops at the time limit.
    if (delivery.kind === 'declaredHuge') codes.push('TIMEOUT')
    return { kind: 'errors', codes }
  }
  if (delivery.kind === 'declaredHuge') return { kind: 'errors', codes: ['RESPONSE_TOO_LARGE'] }
  if (delivery.kind === 'gzip' && !delivery.valid) {
    return { kind: 'errors', codes: ['NETWORK_ERROR', 'MALFORMED_RESPONSE'] }
  }
  const cutCodes: ErrorCode[] =
    delivery.kind === 'reset' ? ['NETWORK_ERROR', 'MALFORMED_RESPONSE'] : [...trickleCodes]
  if (body.length > maxBytes) {
    return { kind: 'errors', codes: ['RESPONSE_TOO_LARGE', ...cutCodes] }
  }
  let parsed: unknown
  try {
    parsed = parseJson(new TextDecoder().decode(body))
  } catch {
    return { kind: 'errors', codes: ['MALFORMED_RESPONSE', ...cutCodes] }
  }
  return { kind: 'body', parsed, orCodes: cutCodes }
}

/** Reads a parsed single response for the call with `id`. */
export function envelopeOutcome(parsed: unknown, id: unknown): EnvelopeOutcome {
  if (!isRecord(parsed) || own(parsed, 'jsonrpc') !== '2.0') return { kind: 'malformed' }
  const error = own(parsed, 'error')
  const answerId = own(parsed, 'id')
  if (error !== undefined && error !== null) {
    if (!isRecord(error)) return { kind: 'malformed' }
    const code = own(error, 'code')
    const message = own(error, 'message')
    if (typeof code !== 'number' || typeof message !== 'string') return { kind: 'malformed' }
    if (answerId !== id && answerId !== null) return { kind: 'malformed' }
    return { kind: 'rpc', code, message }
  }
  if (answerId !== id || !Object.hasOwn(parsed, 'result')) return { kind: 'malformed' }
  return { kind: 'result', value: own(parsed, 'result') }
}
