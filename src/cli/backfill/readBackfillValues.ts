import { UsageError } from '../command/process'

/** Reads option values of `backfill` and `worker`, each bad one a `UsageError` naming it. */
export type BackfillValues = Readonly<{
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
