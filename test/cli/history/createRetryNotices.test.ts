import { describe, expect, it } from 'vitest'
import { createRetryNotices } from '../../../src/cli/history/createRetryNotices'
import type { ThrottleEvent } from '../../../src/transport/types'

const A = 'https://a.example/?api-key=***'
const B = 'https://b.example/'

function notices() {
  const lines: string[] = []
  let now = 0
  const tell = createRetryNotices({
    say: (line) => lines.push(line),
    now: () => now,
    timeoutMs: 5_000,
  })
  return {
    lines,
    tell,
    advance: (ms: number) => {
      now += ms
    },
  }
}

const retry = (attempt: number, extra: Partial<ThrottleEvent & { kind: 'retry' }> = {}) =>
  ({
    kind: 'retry',
    method: 'getTransaction',
    endpoint: A,
    errorCode: 'TIMEOUT',
    attempt,
    attempts: 4,
    waitMs: 250,
    ...extra,
  }) as const

describe('createRetryNotices', () => {
  it('says why, attempt k of n and the wait; nothing for a budget wait', () => {
    const { lines, tell } = notices()
    tell({ kind: 'budget', method: 'getTransaction', endpoint: A, waitMs: 100 })
    tell(retry(1))
    tell(retry(2, { errorCode: 'HTTP_ERROR', status: 429, waitMs: 12_000 }))
    tell(retry(3, { errorCode: 'NETWORK_ERROR', waitMs: 900 }))
    expect(lines).toEqual([
      `${A}: no answer within 5.0 s (getTransaction, attempt 1 of 4); next try in 250 ms`,
      `${A}: HTTP 429 (getTransaction, attempt 2 of 4); next try in 12.0 s`,
      `${A}: the connection failed (getTransaction, attempt 3 of 4); next try in 900 ms`,
    ])
  })

  it('writes one line per endpoint every two seconds under a flood, then says how many it skipped', () => {
    const { lines, tell, advance } = notices()
    // 64 calls at once, each failing its first attempt, then its second.
    for (let i = 0; i < 64; i++) tell(retry(1))
    for (let i = 0; i < 64; i++) tell(retry(2))
    // Another endpoint is told apart.
    tell({ ...retry(1), endpoint: B })
    advance(1_999)
    tell(retry(1))
    expect(lines).toHaveLength(3)
    advance(1)
    tell(retry(1))
    expect(lines).toEqual([
      `${A}: no answer within 5.0 s (getTransaction, attempt 1 of 4); next try in 250 ms`,
      `${A}: no answer within 5.0 s (getTransaction, attempt 2 of 4); next try in 250 ms (63 more skipped)`,
      `${B}: no answer within 5.0 s (getTransaction, attempt 1 of 4); next try in 250 ms`,
      `${A}: no answer within 5.0 s (getTransaction, attempt 1 of 4); next try in 250 ms (64 more skipped)`,
    ])
  })

  it("tells a fallback's failovers and waits", () => {
    const { lines, tell, advance } = notices()
    const cooldown = {
      kind: 'cooldown',
      method: 'getSignaturesForAddress',
      endpoint: A,
      cooldownMs: 1_500,
      errorCode: 'HTTP_ERROR',
      status: 503,
    } as const
    tell(cooldown)
    tell({ ...cooldown, endpoint: B, errorCode: 'MALFORMED_RESPONSE', status: undefined })
    tell({ kind: 'wait', method: 'getSignaturesForAddress', endpoint: A, waitMs: 700 })
    tell(cooldown)
    advance(2_000)
    tell(cooldown)
    expect(lines).toEqual([
      `${A}: HTTP 503 (getSignaturesForAddress); it rests 1.5 s, calls go to the other endpoints meanwhile`,
      `${B}: a cut-off or malformed answer (getSignaturesForAddress); it rests 1.5 s, calls go to the other endpoints meanwhile`,
      `every endpoint rests: next try at ${A} in 700 ms (getSignaturesForAddress)`,
      `${A}: HTTP 503 (getSignaturesForAddress); it rests 1.5 s, calls go to the other endpoints meanwhile (1 more skipped)`,
    ])
  })
})
