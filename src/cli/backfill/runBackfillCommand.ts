import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import bs58 from 'bs58'
import { redactUrl } from '../../index'
import { parseCommandArgs } from '../command/parseCommandArgs'
import { EXIT_CODES, UsageError } from '../command/process'
import type { CliIo } from '../command/types'
import { BACKFILL_OPTIONS, readBackfillValues } from './backfillOptions'
import { loadBackfillEntry, openOrExplain } from './loadBackfillEntry'

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
      `queued ${added.toLocaleString('en')} addresses on ${name} at ${redactUrl(redis)}` +
        ` (${existing.toLocaleString('en')} already there, ${retried.toLocaleString('en')} failed ones again);` +
        ` now ${counts.waiting} waiting, ${counts.active} running, ${counts.completed} done, ${counts.failed} failed\n`,
    )
  } finally {
    await queue.close()
  }
  return EXIT_CODES.ok
}

/**
 * The addresses of an addresses file: one base58 address a line; blank lines and lines starting
 * with `#` are skipped, spaces around an address too. A missing or unreadable file, a line that
 * is not an address, or a file with none is a `UsageError` (naming the line), before anything
 * is queued.
 */
function readAddressesFile(path: string, shown: string): readonly string[] {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as { code?: unknown }).code
    throw new UsageError(`cannot read the addresses file ${shown} (${String(code ?? error)})`)
  }
  const addresses: string[] = []
  for (const [index, line] of text.split('\n').entries()) {
    const address = line.trim()
    if (address === '' || address.startsWith('#')) continue
    if (bs58.decodeUnsafe(address)?.length !== 32) {
      const excerpt = address.length > 60 ? `${address.slice(0, 60)}...` : address
      throw new UsageError(`${shown}:${index + 1}: '${excerpt}' is not a base58 address`)
    }
    addresses.push(address)
  }
  if (addresses.length === 0) throw new UsageError(`${shown} holds no address`)
  return addresses
}
