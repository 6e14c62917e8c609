import { describe, expect, it } from 'vitest'
import { InvalidParamError } from '../../src/errors/InvalidParamError'
import { readRetryOptions } from '../../src/transport/retry'

describe('readRetryOptions', () => {
  it('fills the documented defaults, and reads false as a single attempt', () => {
    const defaults = { attempts: 4, baseDelayMs: 250, maxDelayMs: 10_000, jitter: 'full' }
    expect(readRetryOptions('c', undefined)).toEqual(defaults)
    expect(readRetryOptions('c', {})).toEqual(defaults)
    expect(readRetryOptions('c', false)).toEqual({ ...defaults, attempts: 1 })
  })

  it('keeps what is given over the defaults, a null as the default', () => {
    const shouldRetry = () => undefined
    expect(
      readRetryOptions('c', {
        attempts: 2,
        jitter: 'none',
        maxDelayMs: null as unknown as undefined,
        shouldRetry,
      }),
    ).toEqual({ attempts: 2, baseDelayMs: 250, maxDelayMs: 10_000, jitter: 'none', shouldRetry })
  })

  it('names the caller and the field it refuses', () => {
    const refused = (retry: object) => {
      try {
        readRetryOptions('createFallbackTransport', retry)
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidParamError)
        return (error as InvalidParamError).context
      }
      throw new Error('accepted')
    }
    expect(refused({ attempts: 0 })).toMatchObject({
      method: 'createFallbackTransport',
      param: 'retry.attempts',
    })
    expect(refused({ attempt: 2 })).toMatchObject({ param: 'retry.attempt' })
  })
})
