import type { ErrorCode } from './ErrorCode'
import type { ErrorContext } from './ErrorContext'

/**
 * Every message the package writes, by code: the short message of an error, from its code and
 * context alone. A throw site states what happened (the context) and never phrases it, so a
 * message can only say what the context holds, which is also what finalizing an error redacts.
 * @internal
 */
export const ERROR_MESSAGES: { [TCode in ErrorCode]: (context: ErrorContext<TCode>) => string } = {
  INVALID_PARAM: (c) => `Invalid \`${c.param}\` for ${c.method}: ${c.reason}.`,
  HTTP_ERROR: (c) =>
    `The server answered HTTP ${c.status}${c.statusText ? ` ${c.statusText}` : ''}.`,
  NETWORK_ERROR: () => 'The request failed before a complete HTTP answer arrived.',
  TIMEOUT: (c) => `No complete answer within ${c.timeoutMs} ms.`,
  ABORTED: () => 'The call was aborted.',
  MALFORMED_RESPONSE: (c) => `The server's answer is not a valid JSON-RPC response: ${c.reason}.`,
  RESPONSE_TOO_LARGE: (c) => `The answer is larger than ${c.maxBytes} bytes (maxResponseBytes).`,
  // The server wrote its message: a page of it is enough to recognise it.
  RPC_ERROR: (c) => `The node answered ${c.rpcCode}: ${c.rpcMessage.slice(0, 300)}`,
  RESPONSE_SHAPE: (c) => `The ${c.method} result does not match its schema at ${c.path}.`,
  UNSAFE_INTEGER: (c) =>
    `The ${c.method} result holds an integer a number cannot hold exactly at ${c.path}.`,
  CURSOR_NOT_FOUND: (c) =>
    `The node does not know the ${c.param} signature ${c.cursor}${c.attempts === undefined ? '' : `, after ${c.attempts} attempts`}.`,
  ALL_ENDPOINTS_FAILED: (c) => `Every endpoint failed, after ${c.attempts} attempts.`,
}

/**
 * Tells whether `value` is one of the codes. Asked of the messages rather than of the public
 * `ErrorCode` object, so that an app that never imports that object does not ship it.
 * @internal
 */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value)
}
