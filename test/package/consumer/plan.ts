export type Outcome = Readonly<{
  name: string
  ok: boolean
  /** Why it failed, one line. */
  reason: string
  /** More lines to print under a failure (tsc's errors), or the summary of a success. */
  details: readonly string[]
  ms: number
}>

class CheckFailure extends Error {
  constructor(
    message: string,
    readonly details: readonly string[],
  ) {
    super(message)
  }
}

/** Runs at most `size` actions at once, in the order they were asked for. */
export function createLimit(size: number): <T>(action: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: (() => void)[] = []
  return async (action) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await action()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

/** The time a check reports for its own work (not its waits for others), if it does. */
function ownMsOf(value: unknown): number | undefined {
  if (typeof value === 'object' && value !== null && 'ms' in value) {
    return typeof value.ms === 'number' ? value.ms : undefined
  }
  return undefined
}

function detailOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'object' && value !== null && 'detail' in value) {
    return typeof value.detail === 'string' ? value.detail : undefined
  }
  return undefined
}

/**
 * The checks of a run, in the order they are declared; each starts at once and waits for what it
 * needs. Reported in declaration order whatever order they finish in, so logs compare line by
 * line between runs.
 */
export class Plan {
  readonly #entries: { name: string; outcome: Promise<Outcome> }[] = []
  readonly #ms = new Map<string, number>()

  /** `work`: the temp folder, left out of the messages so they read `base/node_modules/…`. */
  constructor(private readonly work: string) {}

  task<T>(name: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now()
    const result = run()
    // Checks nobody depends on are reported from `outcome`; this keeps their rejection handled.
    result.catch(() => {})
    const outcome = result.then(
      (value): Outcome => {
        const ms = ownMsOf(value) ?? performance.now() - started
        this.#ms.set(name, ms)
        const detail = detailOf(value)
        return { name, ok: true, reason: '', details: detail === undefined ? [] : [detail], ms }
      },
      (error: unknown): Outcome => {
        const ms = performance.now() - started
        const reason = error instanceof Error ? error.message : String(error)
        const details = error instanceof CheckFailure ? error.details : []
        return {
          name,
          ok: false,
          reason: this.#shorten(reason),
          details: details.map((line) => this.#shorten(line)),
          ms,
        }
      },
    )
    this.#entries.push({ name, outcome })
    return result
  }

  /** The value of a check this one needs; if that one failed, this one fails as not run. */
  need<T>(prerequisite: Promise<T>, name: string): Promise<T> {
    return prerequisite.catch(() => {
      throw new Error(`not run: "${name}" failed`)
    })
  }

  /** A failure with more lines to print under it. */
  failure(reason: string, details: readonly string[]): Error {
    return new CheckFailure(reason, details)
  }

  /** How long a check took (its own work if it reported `ms`), once it has finished. */
  msOf(name: string): number | undefined {
    return this.#ms.get(name)
  }

  /** Prints each check as soon as it and those before it are done; resolves with all of them. */
  async report(verbose: boolean): Promise<Outcome[]> {
    const outcomes: Outcome[] = []
    for (const entry of this.#entries) {
      const outcome = await entry.outcome
      outcomes.push(outcome)
      if (outcome.ok) {
        console.log(`ok   ${outcome.name}`)
        if (verbose) {
          for (const line of outcome.details) console.log(`       ${line}`)
          console.log(`       ${(outcome.ms / 1000).toFixed(1)} s`)
        }
      } else {
        console.log(`FAIL ${outcome.name}: ${outcome.reason}`)
        if (verbose) console.log(`       ${(outcome.ms / 1000).toFixed(1)} s`)
        for (const line of outcome.details.slice(0, 30)) console.log(`       ${line}`)
        if (outcome.details.length > 30) console.log(`       … ${outcome.details.length - 30} more`)
      }
    }
    return outcomes
  }

  #shorten(text: string): string {
    return text.replaceAll(`${this.work}/`, '')
  }
}
