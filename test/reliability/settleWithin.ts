/** How a promise ended, or that it did not end in time. */
export type Settled =
  | Readonly<{ kind: 'result'; value: unknown }>
  | Readonly<{ kind: 'error'; error: unknown }>
  | Readonly<{ kind: 'hang' }>

/**
 * Waits for `promise` at most `deadlineMs`. The deadline is far above any time the client may
 * legitimately take, so reaching it means the call hangs. The timer is cleared either way.
 */
export async function settleWithin(
  promise: Promise<unknown>,
  deadlineMs: number,
): Promise<Settled> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<Settled>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'hang' }), deadlineMs)
  })
  try {
    return await Promise.race([
      promise.then(
        (value): Settled => ({ kind: 'result', value }),
        (error: unknown): Settled => ({ kind: 'error', error }),
      ),
      deadline,
    ])
  } finally {
    clearTimeout(timer)
  }
}
