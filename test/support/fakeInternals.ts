import type { HttpTransportInternals } from '../../src/transport/types'

/** Transport internals whose sleeps are recorded and skipped (but still abortable). */
export type FakeInternals = Readonly<{
  internals: HttpTransportInternals
  /** Every backoff the transport chose, in order, in milliseconds. */
  delays: number[]
}>

export function fakeInternals(
  options: Readonly<{ now?: (() => number) | undefined; random?: (() => number) | undefined }> = {},
): FakeInternals {
  const delays: number[] = []
  return {
    delays,
    internals: {
      random: options.random ?? (() => 0.5),
      now: options.now ?? (() => Date.now()),
      sleep: (ms, signal) => {
        delays.push(ms)
        return signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve()
      },
    },
  }
}
