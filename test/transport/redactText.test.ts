import { describe, expect, it } from 'vitest'
import { redactText } from '../../src/transport/redact'

describe('redactText', () => {
  it('replaces every occurrence of each known secret', () => {
    expect(redactText('key k3y-123456 and again k3y-123456', ['k3y-123456'])).toBe(
      'key *** and again ***',
    )
  })

  it('replaces credentials recognised by their context', () => {
    expect(redactText('Authorization: Bearer abcdef123456', [])).toBe('Authorization: Bearer ***')
    expect(redactText('see https://bob:hunter2@host/x', [])).toBe('see https://host/x')
    expect(redactText('{"api_key": "zzzz9999"} ?apiKey=qqqq1111&x=1', [])).toBe(
      '{"api_key": "***"} ?apiKey=***&x=1',
    )
    expect(redactText('password=letmein', [])).toBe('password=***')
  })

  it('leaves ordinary text alone', () => {
    const text = 'Node is behind by 42 slots; token bucket empty'
    expect(redactText(text, ['unrelated-secret'])).toBe(text)
  })
})
