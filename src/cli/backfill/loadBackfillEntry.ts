import { ConfirmedRpcError } from '../../index'
import { UsageError } from '../command/process'

type BackfillEntry = typeof import('../../bullmq/index')

/**
 * The `confirmed-rpc/bullmq` code, loaded when `backfill` or `worker` runs: its optional peer
 * dependencies missing is a `UsageError` that says what to install.
 */
export async function loadBackfillEntry(): Promise<BackfillEntry> {
  try {
    return await import('../../bullmq/index')
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new UsageError('this command needs bullmq and ioredis: npm install bullmq ioredis')
    }
    throw error
  }
}

/** Runs `open`; Redis not answering (a `NETWORK_ERROR`) becomes a `UsageError` naming it. */
export async function openOrExplain<T>(redis: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open()
  } catch (error) {
    if (error instanceof ConfirmedRpcError && error.code === 'NETWORK_ERROR') {
      const reason = error.details.find((line) => line.startsWith('Reason: '))?.slice(8)
      throw new UsageError(
        `--redis: cannot reach ${String(error.context.endpoint ?? redis)}${reason === undefined ? '' : `: ${reason}`}`,
      )
    }
    if (error instanceof ConfirmedRpcError && error.code === 'INVALID_PARAM') {
      throw new UsageError(error.message)
    }
    throw error
  }
}
