import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { abortedError, isMethodRefused } from '../transport/transportErrors'

/** What a client knows about one method name on its node. */
export type MethodRouteState = 'unknown' | 'present' | 'absent'

/** A call's pass through a route's gate: which way it goes, and how it reports back. @internal */
export type MethodRouteTicket = Readonly<{
  /** `true`: the node is known to lack the method; go the other way at once. */
  fallback: boolean
  /**
   * Reports what the call's answer showed, once, as soon as it is known: `'absent'` (refused),
   * `'present'` (answered, an error included), `'unknown'` (no answer: a transport failure).
   * Calls that wait on this one as the probe go on then.
   */
  leave: (verdict: MethodRouteState) => void
}>

/** @internal */
export type MethodRoute = Readonly<{
  /** What is known so far. */
  state: () => MethodRouteState
  /**
   * Lets a call through: at once when the state is known, as the probe when nothing is known and
   * no probe is out, else after the probe's verdict (`abort` makes the error a waiting call
   * rejects with when its signal fires).
   */
  enter: (
    signal: AbortSignal | null | undefined,
    abort: (reason: unknown) => unknown,
  ) => Promise<MethodRouteTicket>
  /**
   * Runs `primary` (the call under the method this route is about) unless the node is known to
   * lack the method, and `fallback` instead, or after `primary` was refused (see
   * `isMethodRefused`). While the state is unknown only one call at a time is sent as `primary`;
   * the others wait for its outcome, so a node that lacks the method sees one refused probe, not
   * one per concurrent call.
   */
  run: <T>(
    primary: () => Promise<T>,
    fallback: () => Promise<T>,
    signal: AbortSignal | undefined,
    method: string,
  ) => Promise<T>
}>

/**
 * The state of one method name on one node, with the probe in flight: the one state machine of
 * the method policy (`withMethodPolicy`, which throws to report a refusal) and of the migrating
 * fetch (`createMigratingFetch`, whose refusals arrive inside responses, so it reports through the
 * ticket). A refusal also after `'present'`: a node behind a load balancer may be replaced under
 * the client.
 * @internal
 */
export function createMethodRoute(): MethodRoute {
  let state: MethodRouteState = 'unknown'
  let probe: Promise<void> | undefined
  const settle = (verdict: MethodRouteState): void => {
    if (verdict === 'absent' || state === 'unknown') state = verdict
  }
  const known: MethodRouteTicket = { fallback: false, leave: settle }
  const absent: MethodRouteTicket = { fallback: true, leave: settle }

  const enter: MethodRoute['enter'] = async (signal, abort) => {
    for (;;) {
      if (state === 'absent') return absent
      if (state === 'present') return known
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
        return { fallback: false, leave }
      }
      await waitForProbe(probe, signal, abort)
    }
  }

  const run: MethodRoute['run'] = async (primary, fallback, signal, method) => {
    // Once per call: the node was asked the method again after its fallback was refused.
    let askedAgain = false
    for (;;) {
      const ticket = await enter(signal, (reason) => abortedError(reason, { method }))
      if (ticket.fallback) {
        try {
          return await fallback()
        } catch (error) {
          // The node that lacked the method may have been upgraded (and lost the old name) under
          // the client: ask the method again, once per call.
          if (askedAgain || !isMethodRefused(error)) throw error
          askedAgain = true
          state = 'unknown'
          continue
        }
      }
      let result: Awaited<ReturnType<typeof primary>>
      try {
        result = await primary()
      } catch (error) {
        if (isMethodRefused(error)) {
          ticket.leave('absent')
          return fallback()
        }
        // Any other JSON-RPC error is an answer of the method, so the method exists. A transport
        // error tells nothing: the next call probes again.
        ticket.leave(isConfirmedRpcError(error, 'RPC_ERROR') ? 'present' : 'unknown')
        throw error
      }
      ticket.leave('present')
      return result
    }
  }

  return { state: () => state, enter, run }
}

function waitForProbe(
  probe: Promise<void>,
  signal: AbortSignal | null | undefined,
  abort: (reason: unknown) => unknown,
): Promise<void> {
  if (!signal) return probe
  if (signal.aborted) return Promise.reject(abort(signal.reason))
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(abort(signal.reason))
    signal.addEventListener('abort', onAbort, { once: true })
    void probe.then(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    })
  })
}
