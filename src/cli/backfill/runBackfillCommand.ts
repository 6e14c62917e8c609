import { relative, resolve } from 'node:path'
import { describeConnection } from '../../bullmq/openRedis'
import { parseCommandArgs } from '../command/parseCommandArgs'
import { EXIT_CODES, UsageError } from '../command/process'
import type { CliIo } from '../command/types'
import { BACKFILL_OPTIONS } from './backfillOptions'
import { loadBackfillEntry, openOrExplain } from './loadBackfillEntry'
import { readAddressesFile } from './readAddressesFile'
import { readBackfillValues } from './readBackfillValues'

/**
 * The body of `confirmed-rpc backfill`: reads and checks the addresses file and the options,
 * then queues one job per address (idempotent by address). Anything wrong (the file, an
 * address, an option, Redis not answering) is a `UsageError` before anything is queued.
 */
export async function runBackfillCommand(
  args: readonly string[],
  io: CliIo,
  env: Readonly<Record<string, string | undefined>>,
): Promise<number> {
  const { values, positionals } = parseCommandArgs(BACKFILL_OPTIONS, args)
  const read = readBackfillValues(values, env)
  if (positionals.length !== 1) {
    throw new UsageError('name one addresses file (one base58 address a line)')
  }
  const redis = read.redis()
  const name = read.queue()
  const limit = read.count('limit')
  const pageSize = read.count('page-size')
  if (pageSize !== undefined && pageSize > 1000) {
    throw new UsageError(`--page-size: at most 1000, got ${pageSize}`)
  }
  const path = resolve(io.cwd, positionals[0] as string)
  const inside = relative(io.cwd, path)
  const addresses = readAddressesFile(path, inside.startsWith('..') ? path : inside)
  const entry = await loadBackfillEntry()
  const queue = await openOrExplain(redis, () =>
    entry.createBackfillQueue({ connection: redis, name }),
  )
  try {
    const walk = {
      ...(limit !== undefined && { limit }),
      ...(pageSize !== undefined && { pageSize }),
    }
    const { added, existing, retried } = await queue.enqueue(addresses, walk)
    const counts = await queue.counts()
    io.stderr(
      `queued ${added.toLocaleString('en')} addresses on ${name} at ${describeConnection(redis)}` +
        ` (${existing.toLocaleString('en')} already there, ${retried.toLocaleString('en')} failed ones again);` +
        ` now ${counts.waiting} waiting, ${counts.active} running, ${counts.completed} done, ${counts.failed} failed\n`,
    )
  } finally {
    await queue.close()
  }
  return EXIT_CODES.ok
}
