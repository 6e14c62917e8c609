/** An abort controller that also aborts when the caller's signal does. @internal */
type LinkedSignal = Readonly<{
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

/** Signals that abort together with one parent. @internal */
type SignalGroup = Readonly<{
  /** A new signal that aborts when the parent does. */
  child(): AbortSignal
  /** Stops listening to the parent. */
  dispose(): void
}>

/**
 * Signals for the many requests of one walk that all abort with its signal, through one listener
 * on it: Node warns of a leak once a signal has more than ten listeners, and a walk with
 * `parallel: 8` has more requests than that in flight, each listening to its own signal.
 * @internal
 */
export function createSignalGroup(parent: AbortSignal): SignalGroup {
  const children = new Set<AbortController>()
  const onAbort = (): void => {
    for (const controller of children) controller.abort(parent.reason)
  }
  parent.addEventListener('abort', onAbort, { once: true })
  return {
    child() {
      const controller = new AbortController()
      if (parent.aborted) controller.abort(parent.reason)
      else children.add(controller)
      return controller.signal
    },
    dispose: () => parent.removeEventListener('abort', onAbort),
  }
}

/**
 * `size` signals of `group` handed out in turn: a walk's many short requests each listen to one
 * of a few signals, so that none of them gathers more than ten listeners either.
 * @internal
 */
export function rotateSignals(group: SignalGroup, size: number): () => AbortSignal {
  const signals = Array.from({ length: size }, () => group.child())
  let turn = 0
  return () => signals[turn++ % size] as AbortSignal
}
