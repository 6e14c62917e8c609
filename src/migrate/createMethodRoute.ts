import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { abortedError, isMethodRefused } from '../transport/transportErrors'

/** What a client knows about one method name on its node. */
export type MethodRouteState = 'unknown' | 'present' | 'absent'

/** @internal */
export type MethodRoute = Readonly<{
  /** What is known so far. */
  state: () => MethodRouteState
  /**
   * Runs `primary` (the call under the method this route is about) unless the node is known to
   * lack the method, and `fallback` instead, or after `primary` met -32601. While the state is
   * unknown only one call at a time is sent as `primary`; the others wait for its outcome, so a
   * node that lacks the method sees one failed probe, not one per concurrent call.
   */
  run: <T>(
    primary: () => Promise<T>,
    fallback: () => Promise<T>,
    signal: AbortSignal | undefined,
    method: string,
  ) => Promise<T>
}>

/** The state of one method name on one client's node, with the probe in flight. @internal */
export function createMethodRoute(): MethodRoute {
  let state: MethodRouteState = 'unknown'
  let probe: Promise<void> | undefined

  const run = async <T>(
    primary: () => Promise<T>,
    fallback: () => Promise<T>,
    signal: AbortSignal | undefined,
    method: string,
  ): Promise<T> => {
    // Once per call: the node was asked the method again after its fallback was refused.
    let askedAgain = false
    for (;;) {
      if (state === 'absent') {
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
      if (state === 'unknown' && probe !== undefined) {
        await waitForProbe(probe, signal, method)
        continue
      }
      const probing = state === 'unknown'
      let release = (): void => {}
      if (probing) probe = new Promise<void>((resolve) => (release = resolve))
      try {
        const result = await primary()
        state = 'present'
        return result
      } catch (error) {
        // Also after 'present': a node behind a load balancer may be replaced under the client.
        if (isMethodRefused(error)) {
          state = 'absent'
          return fallback()
        }
        // Any other JSON-RPC error is an answer of the method, so the method exists. A transport
        // error tells nothing: the next call probes again.
        if (isConfirmedRpcError(error, 'RPC_ERROR')) state = 'present'
        throw error
      } finally {
        if (probing) {
          probe = undefined
          release()
        }
      }
    }
  }

  return { state: () => state, run }
}

function waitForProbe(
  probe: Promise<void>,
  signal: AbortSignal | undefined,
  method: string,
): Promise<void> {
  if (signal === undefined) return probe
  if (signal.aborted) return Promise.reject(abortedError(signal.reason, { method }))
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(abortedError(signal.reason, { method }))
    signal.addEventListener('abort', onAbort, { once: true })
    void probe.then(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    })
  })
}
