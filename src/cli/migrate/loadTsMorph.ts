import { UsageError } from '../command/process'
import type { TsMorph } from './TsMorph'

/**
 * Loads ts-morph, an optional peer dependency: apps that install confirmed-rpc never download
 * it (nor the TypeScript compiler it bundles); only the `migrate` command needs it. Missing, it
 * is a `UsageError` (exit 2) that says how to install it. `load` is for tests.
 */
export async function loadTsMorph(
  load: () => Promise<TsMorph> = () => import('ts-morph'),
): Promise<TsMorph> {
  try {
    return await load()
  } catch (error) {
    const code = (error as { code?: unknown }).code
    const message = error instanceof Error ? error.message : ''
    if (
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
      /ts-morph/.test(message)
    ) {
      throw new UsageError(
        'the migrate command needs ts-morph, an optional peer dependency that is not installed: run `npm i -D ts-morph`',
      )
    }
    throw error
  }
}
