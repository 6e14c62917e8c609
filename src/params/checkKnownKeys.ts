import { invalidParam } from '../errors/ConfirmedRpcError'

/**
 * Throws on a config key the method does not know. Nodes ignore unknown keys, so a typo such as
 * `limt` would otherwise be dropped without a word.
 */
export function checkKnownKeys(
  config: object,
  known: readonly string[],
  method: string,
  param: string,
): void {
  for (const key of Object.keys(config)) {
    if (!known.includes(key) && (config as Record<string, unknown>)[key] !== undefined) {
      throw invalidParam(
        method,
        `${param}.${key}`,
        `unknown option; known options are ${known.join(', ')}`,
      )
    }
  }
}
