import { vi } from 'vitest'
import type { MockLedger } from '../../src/testing/createMockLedger'
import type { RpcRequest } from '../../src/transport/types'
import { settled } from './gatedWire'
import { setup } from './walkSetup'

/**
 * A request a walk sent, the round trip it went out in (1 for the walk's first requests), and,
 * for a signature page, whether its `before` is the last entry of an earlier answer (a range
 * going on) rather than a cursor of its own (a range starting).
 */
export type SteppedRequest = Readonly<{ request: RpcRequest; round: number; continues: boolean }>

/**
 * The mock ledger answering in lockstep: every request waits until the walk can send no more
 * (`settled`), then all of them are answered at once, and the next round begins. The round a
 * request goes out in is its depth on the walk's critical path, in round trips, whatever the
 * machine's speed: what a network with one latency for every request would make of the walk.
 * The walk's clock (`performance.now`) stands still from here to the end of `run`: a round takes
 * no time, so the first wave's ranges, which start a share of a round trip apart (see
 * `createRangeLanes`), all go out in the round their boundaries came in. That pacing within a
 * round trip is tested on its own (createRangeLanes.test.ts).
 */
export function lockstepWire(ledger: MockLedger) {
  vi.useFakeTimers({ toFake: ['performance'] })
  let round = 1
  const waiting: (() => void)[] = []
  const requests: SteppedRequest[] = []
  const lastEntries = new Set<string>()
  const { context, wire } = setup(ledger, async (request, next) => {
    const before = (request.params[1] as { before?: unknown } | undefined)?.before
    requests.push({ request, round, continues: lastEntries.has(before as string) })
    await new Promise<void>((resolve) => waiting.push(resolve))
    const answer = await next(request)
    const last = Array.isArray(answer) ? (answer.at(-1) as { signature?: unknown }) : undefined
    if (typeof last?.signature === 'string') lastEntries.add(last.signature)
    return answer
  })
  return {
    context,
    wire,
    /** Every request so far, with its round. */
    requests,
    /** Runs `walk` to its end a round at a time; resolves with its result and the rounds taken. */
    async run<T>(walk: Promise<T>): Promise<{ result: T; rounds: number }> {
      let ended = false
      const done = walk.finally(() => {
        ended = true
      })
      try {
        for (;;) {
          await settled(() => ended || wire.inFlight() === waiting.length)
          if (ended) return { result: await done, rounds: round }
          round++
          for (const release of waiting.splice(0)) release()
        }
      } finally {
        vi.useRealTimers()
      }
    },
  }
}
