import { fail, invalidParams, type Outcome, ok } from './RpcErrorObject'

/**
 * Checks the `params` member against a method declared with `required` positional params and
 * `total - required` optional trailing ones, with the node's texts for each failure.
 */
export function readPositionalParams(
  params: unknown,
  required: number,
  total: number,
): Outcome<readonly unknown[]> {
  if (params !== undefined && params !== null && !Array.isArray(params)) {
    return invalidParams('`params` should be an array')
  }
  const values: readonly unknown[] = Array.isArray(params) ? params : []
  if (values.length < required) {
    return invalidParams(`\`params\` should have at least ${required} argument(s)`)
  }
  if (values.length > total) {
    // The node puts a Debug-formatted string in `data`, quotes included.
    return fail(
      -32602,
      `Invalid parameters: Expected from ${required} to ${total} parameters.`,
      JSON.stringify(`Got: ${values.length}`),
    )
  }
  return ok(values)
}
