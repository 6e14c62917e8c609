import { ResponseShapeError } from '../../errors/ResponseShapeError'
import { describeValue } from '../../shared/describeValue'
import type { DecodeContext } from '../DecodeContext'
import { formatPath } from './formatPath'
import type { Miss } from './Miss'

/** Turns a validator's mismatch into the error the caller sees. */
export function toResponseShapeError(
  found: Miss,
  context: DecodeContext,
  cause?: unknown,
): ResponseShapeError {
  const path = formatPath(found.path)
  const base = { method: context.method, endpoint: context.endpoint, path }
  if (found.unsafe) {
    const value = String(found.value)
    return new ResponseShapeError({
      code: 'UNSAFE_INTEGER',
      details: [
        `Value: ${value} (${found.expected}). Use the client option u64: 'bigint' to read it.`,
      ],
      context: { ...base, value },
      cause,
    })
  }
  // The server chose this text; a gateway may echo the caller's API key into it.
  const received = describeValue(found.value, context.redact)
  return new ResponseShapeError({
    code: 'RESPONSE_SHAPE',
    details: [`Expected ${found.expected}, received ${received}.`],
    context: { ...base, expected: found.expected, received },
    cause,
  })
}
