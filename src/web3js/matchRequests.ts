import { isPlainObject } from '../json/isPlainObject'

const keyOf = (id: unknown): string => JSON.stringify(id ?? null)

/**
 * For each answer of a batch, the request object it answers, or undefined. Answers are matched by
 * `id`, not by position: JSON-RPC lets a server answer a batch in any order. Requests that share
 * an id are matched in order; notifications (no `id`) get no answer.
 * @internal
 */
export function matchRequests(
  requests: readonly unknown[],
  answers: readonly unknown[],
): (unknown | undefined)[] {
  const waiting = new Map<string, unknown[]>()
  for (const request of requests) {
    if (!isPlainObject(request) || !Object.hasOwn(request, 'id')) continue
    const key = keyOf(request.id)
    const queue = waiting.get(key)
    if (queue === undefined) waiting.set(key, [request])
    else queue.push(request)
  }
  return answers.map((answer) =>
    isPlainObject(answer) ? waiting.get(keyOf(answer.id))?.shift() : undefined,
  )
}
