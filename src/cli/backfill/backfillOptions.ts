import { UsageError } from '../command/process'
import type { CliOption } from '../command/types'

const REDIS = 'redis://127.0.0.1:6379'

const redis: CliOption = {
  type: 'string',
  valueName: 'url',
  description:
    'the Redis that holds the queue, redis://[user:password@]host:port (default: REDIS_URL)',
  example: `confirmed-rpc backfill --redis ${REDIS} --queue vote addresses.txt`,
}

const queue: CliOption = {
  type: 'string',
  valueName: 'name',
  description: 'the queue: the same name for `backfill` and its workers',
  example: `confirmed-rpc worker --queue vote --rpc "$RPC_URL" --out history`,
}

/** The options of `confirmed-rpc backfill`. */
export const BACKFILL_OPTIONS = {
  redis,
  queue,
  limit: {
    type: 'string',
    valueName: 'n',
    description: 'most entries to export per address (default: the whole history)',
    example: `confirmed-rpc backfill --queue recent --limit 1000 addresses.txt`,
  },
  'page-size': {
    type: 'string',
    valueName: 'n',
    description: 'entries per request, 1..1000 (default 1000)',
    example: `confirmed-rpc backfill --queue vote --page-size 500 addresses.txt`,
  },
} satisfies Record<string, CliOption>

/** The options of `confirmed-rpc worker`. */
export const WORKER_OPTIONS = {
  redis,
  queue,
  rpc: {
    type: 'string',
    valueName: 'url',
    description: 'JSON-RPC endpoint (default: the RPC_URL variable)',
    example: `confirmed-rpc worker --queue vote --rpc "$RPC_URL" --out history`,
  },
  out: {
    type: 'string',
    short: 'o',
    valueName: 'dir',
    description: 'directory of the output: <dir>/<address>.jsonl per address (created if missing)',
    example: `confirmed-rpc worker --queue vote --rpc "$RPC_URL" --out /data/history`,
  },
  'requests-per-second': {
    type: 'string',
    valueName: 'n',
    description:
      "the endpoint's limit, kept by every worker of this Redis together (same --rpc or --budget-key)",
    example: `confirmed-rpc worker --queue vote --rpc "$RPC_URL" --out data --requests-per-second 4`,
  },
  'budget-key': {
    type: 'string',
    valueName: 'name',
    description:
      "the shared budget's name (default: one per --rpc URL): give workers with different URLs of one provider key the same",
    example: `confirmed-rpc worker --queue vote --rpc "$RPC_URL" --out data --budget-key provider-1`,
  },
  concurrency: {
    type: 'string',
    valueName: 'n',
    description: 'addresses walked at once by this worker (default 1)',
    example: `confirmed-rpc worker --queue vote --rpc "$RPC_URL" --out history --concurrency 4`,
  },
  'takeover-after': {
    type: 'string',
    valueName: 'seconds',
    description:
      "how soon a dead worker's addresses pass to the others (default 30); the same for every worker",
    example: `confirmed-rpc worker --queue vote --rpc "$RPC_URL" --out history --takeover-after 10`,
  },
  'exit-when-empty': {
    type: 'boolean',
    description: 'exit once the queue has nothing waiting or running (exit 1 if an address failed)',
    example: `confirmed-rpc worker --queue vote --rpc "$RPC_URL" --out history --exit-when-empty`,
  },
  quiet: {
    type: 'boolean',
    short: 'q',
    description: 'no progress on stderr',
    example: `confirmed-rpc worker -q --queue vote --rpc "$RPC_URL" --out history`,
  },
} satisfies Record<string, CliOption>

/** Reads option values of `backfill` and `worker`, each bad one a `UsageError` naming it. */
type BackfillValues = Readonly<{
  text(name: string): string | undefined
  flag(name: string): boolean
  /** A whole number of at least 1. */
  count(name: string): number | undefined
  /** A number above 0. */
  positive(name: string): number | undefined
  /** The Redis URL: --redis, else REDIS_URL; a UsageError when neither is a redis:// URL. */
  redis(): string
  /** The queue name: required, without ':'. */
  queue(): string
}>

/** The {@link BackfillValues} of parsed arguments. */
export function readBackfillValues(
  values: Readonly<Record<string, string | boolean | undefined>>,
  env: Readonly<Record<string, string | undefined>>,
): BackfillValues {
  const text = (name: string) => {
    const value = values[name]
    return typeof value === 'string' ? value : undefined
  }
  const positive = (name: string) => {
    const value = text(name)
    if (value === undefined) return undefined
    const number = Number(value)
    if (value.trim() === '' || !Number.isFinite(number) || number <= 0) {
      throw new UsageError(`--${name}: expected a number above 0, got '${value}'`)
    }
    return number
  }
  return {
    text,
    flag: (name) => values[name] === true,
    positive,
    count(name) {
      const value = text(name)
      if (value !== undefined && !/^[1-9]\d*$/.test(value)) {
        throw new UsageError(`--${name}: expected a whole number of at least 1, got '${value}'`)
      }
      return value === undefined ? undefined : Number(value)
    },
    redis() {
      const url = text('redis') ?? env.REDIS_URL
      if (url === undefined || url === '') {
        throw new UsageError('no Redis: pass --redis <url> or set REDIS_URL')
      }
      if (!/^rediss?:\/\/./.test(url)) {
        throw new UsageError('--redis: expected a redis:// or rediss:// URL')
      }
      return url
    },
    queue() {
      const name = text('queue')
      if (name === undefined || name === '') throw new UsageError('--queue: name the queue')
      if (name.includes(':')) throw new UsageError(`--queue: a name without ':', got '${name}'`)
      return name
    },
  }
}
