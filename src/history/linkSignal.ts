/** An abort controller that also aborts when the caller's signal does. @internal */
export type LinkedSignal = Readonly<{
  signal: AbortSignal
  /** Aborts the linked signal (the caller's signal is left alone). */
  abort(): void
  /** Stops listening to the caller's signal, so a long-lived one keeps no reference to us. */
  dispose(): void
}>

/**
 * Links an internal controller to the caller's `signal`: the pager passes the linked signal to
 * every request, and aborts it itself when the consumer stops, which the caller's signal cannot.
 * @internal
 */
export function linkSignal(parent: AbortSignal | undefined): LinkedSignal {
  const controller = new AbortController()
  const onAbort = (): void => controller.abort(parent?.reason)
  if (parent?.aborted) controller.abort(parent.reason)
  else parent?.addEventListener('abort', onAbort, { once: true })
  return {
    signal: controller.signal,
    abort: () => controller.abort(),
    dispose: () => parent?.removeEventListener('abort', onAbort),
  }
}
