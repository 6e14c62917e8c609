import { describe, expect, it } from 'vitest'
import { createStartPacer } from '../../src/ranges/createStartPacer'

// The pacer driven step by step on a clock the test moves: what each range of a first wave
// waits, from what was timed so far.

function clock() {
  let at = 0
  return {
    now: () => at,
    to(ms: number) {
      at = ms
    },
  }
}

/** A first page the test answers. */
function page() {
  let answer = (): void => {}
  const promise = new Promise<void>((resolve) => {
    answer = resolve
  })
  return { promise, answer }
}

/** A pacer for `lanes` whose first range started at `from` and had its first page at `to`. */
async function firstPageTimed(lanes: number, from: number, to: number) {
  const time = clock()
  const pacer = createStartPacer(lanes, time.now)
  const first = page()
  time.to(from)
  pacer.started(first.promise)
  time.to(to)
  first.answer()
  await first.promise
  return { time, pacer }
}

describe('createStartPacer', () => {
  it('waits for nothing before any round trip was timed', () => {
    const time = clock()
    const pacer = createStartPacer(4, time.now)
    pacer.started(page().promise)
    time.to(500)
    expect(pacer.delay()).toBe(0)
  })

  it('spaces the first wave by a lane’s share of the span’s round trip', () => {
    const time = clock()
    const pacer = createStartPacer(4, time.now)
    pacer.started(page().promise)
    time.to(80)
    pacer.spanKnown()
    // The second range starts when its boundary comes, long after the first: no wait.
    time.to(160)
    expect(pacer.delay()).toBeLessThanOrEqual(0)
    pacer.started(page().promise)
    // The third waits a quarter of 80 ms after the second, the fourth after the third.
    expect(pacer.delay()).toBe(20)
    time.to(170)
    expect(pacer.delay()).toBe(10)
    time.to(180)
    pacer.started(page().promise)
    expect(pacer.delay()).toBe(20)
    time.to(200)
    pacer.started(page().promise)
    // Four ranges for four lanes: the wave is out, and later ranges (splits) start at once.
    expect(pacer.delay()).toBe(0)
  })

  it('takes the faster of the span and the first page, either of which may have waited', async () => {
    const { time, pacer } = await firstPageTimed(8, 0, 40)
    // The span's lookups waited out a retry: 2 s. The first page took 40 ms.
    time.to(2000)
    pacer.spanKnown()
    pacer.started(page().promise)
    expect(pacer.delay()).toBe(5)
  })

  it('spaces by the first page alone where the span is not known yet', async () => {
    const { pacer } = await firstPageTimed(4, 10, 110)
    pacer.started(page().promise)
    // A round trip of 100 ms over four lanes.
    expect(pacer.delay()).toBe(25)
  })
})
