import type { MethodRouteState } from '../migrate/createMethodRoute'

/** A call's pass through a {@link ProbeGate}. @internal */
export type ProbeTicket = Readonly<{
  /** The node is known to lack the deprecated methods: rewrite the call before sending it. */
  rewrite: boolean
  /** Reports what the call's answer showed; call it once, as soon as that is known. */
  leave: (verdict: MethodRouteState) => void
}>

/** @internal */
export type ProbeGate = (signal: AbortSignal | null | undefined) => Promise<ProbeTicket>

const REWRITE: ProbeTicket = { rewrite: true, leave: () => {} }

/**
 * What one origin is known to do with the deprecated methods, with `createMethodRoute`'s
 * semantics for a caller that cannot throw to report -32601 (a `fetch` returns the error in a
 * response): while nothing is known, one call at a time goes out as it is and the others wait
 * for its verdict; `'unknown'` (a network failure, a 5xx) lets the next call probe again; an
 * `'absent'` verdict also after `'present'`, since a node behind a load balancer may be upgraded.
 * @internal
 */
export function createProbeGate(): ProbeGate {
  let state: MethodRouteState = 'unknown'
  let probe: Promise<void> | undefined
  const settle = (verdict: MethodRouteState): void => {
    if (verdict === 'absent' || state === 'unknown') state = verdict
  }
  return async (signal) => {
    for (;;) {
      if (state === 'absent') return REWRITE
      if (state === 'present') return { rewrite: false, leave: settle }
      if (probe === undefined) {
        let release = (): void => {}
        probe = new Promise<void>((resolve) => (release = resolve))
        let left = false
        const leave = (verdict: MethodRouteState): void => {
          if (left) return
          left = true
          settle(verdict)
          probe = undefined
          release()
        }
        return { rewrite: false, leave }
      }
      await waitForProbe(probe, signal)
    }
  }
}

/** Waits like `fetch` would: an abort rejects with the signal's reason. */
function waitForProbe(probe: Promise<void>, signal: AbortSignal | null | undefined): Promise<void> {
  if (!signal) return probe
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    void probe.then(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    })
  })
}
