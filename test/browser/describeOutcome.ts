/**
 * What a call came to, in a form that is the same in Node and in the browser: its result, or the
 * error's class, code and the context fields that do not depend on the endpoint.
 */
export async function describeOutcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return { result: await call() }
  } catch (error) {
    if (!(error instanceof Error)) return { thrown: String(error) }
    const { code, context } = error as Error & { code?: unknown; context?: Record<string, unknown> }
    const kept: Record<string, unknown> = {}
    for (const key of ['rpcCode', 'path', 'value', 'param']) {
      if (context?.[key] !== undefined) kept[key] = context[key]
    }
    return { error: { name: error.name, code, context: kept } }
  }
}
