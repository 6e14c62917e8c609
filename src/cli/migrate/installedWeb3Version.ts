import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * The `maxSupportedTransactionVersion` a rewrite writes in one file, and the web3.js it was
 * chosen for. web3.js reads v1 transactions from 1.99.0 on (its `TransactionVersionStruct`
 * admits `1` there); 1.98 and earlier throw on a v1 answer, so asking for 1 there would trade a
 * `-32015` for a decoding error. Without a web3.js that reads v1, 0 is written and the report
 * says that v1 transactions still fail until web3.js is updated.
 */
export type Web3Version = Readonly<{
  /** What the rewrites write for `maxSupportedTransactionVersion`. */
  transactionVersion: 0 | 1
  /**
   * The web3.js found, for the report: `1.99.0 (installed)`, `'^1.98.0' (package.json, none
   * installed)`, or undefined when neither was found.
   */
  found: string | undefined
}>

/** The first web3.js v1 release that reads version 1 transactions. */
export const FIRST_WEB3_READING_V1 = '1.99.0'

const PACKAGE = '@solana/web3.js'
const DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'peerDependencies',
  'optionalDependencies',
] as const

/**
 * Returns a reader of the web3.js version a file's project uses, which caches what it read per
 * directory (the files of one project share their answers). The version comes from, in order:
 *
 * 1. `resolved`: the version TypeScript's module resolution found for `@solana/web3.js` from the
 *    file (its `packageId`), i.e. the installed copy the file's imports load;
 * 2. the nearest `node_modules/@solana/web3.js/package.json` above the file;
 * 3. the nearest `package.json` above the file that names `@solana/web3.js` in its dependencies:
 *    the lowest version its range admits (a lockfile may pin that one).
 *
 * A range that names no version (`latest`, `workspace:*`, a URL) gives 0, as an old one does.
 */
export function createWeb3VersionReader(): (
  file: string,
  resolved: string | undefined,
) => Web3Version {
  const installed = new Map<string, string | undefined>()
  const declared = new Map<string, string | undefined>()
  return (file, resolved) => {
    if (resolved !== undefined) return fromVersion(resolved, `${resolved} (installed)`)
    const version = nearest(dirname(file), installed, readInstalled)
    if (version !== undefined) return fromVersion(version, `${version} (installed)`)
    const range = nearest(dirname(file), declared, readDeclared)
    if (range === undefined) return { transactionVersion: 0, found: undefined }
    return fromVersion(lowestInRange(range) ?? '', `'${range}' (package.json, none installed)`)
  }
}

function fromVersion(version: string, found: string): Web3Version {
  const readsV1 = compareVersions(version, FIRST_WEB3_READING_V1) >= 0
  return { transactionVersion: readsV1 ? 1 : 0, found }
}

/** The first answer of `read` from `directory` up to the root, cached per directory. */
function nearest(
  directory: string,
  cache: Map<string, string | undefined>,
  read: (directory: string) => string | undefined,
): string | undefined {
  const visited: string[] = []
  let current = directory
  let answer: string | undefined
  for (;;) {
    if (cache.has(current)) {
      answer = cache.get(current)
      break
    }
    visited.push(current)
    answer = read(current)
    const parent = dirname(current)
    if (answer !== undefined || parent === current) break
    current = parent
  }
  for (const path of visited) cache.set(path, answer)
  return answer
}

function readJson(path: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'))
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

function readInstalled(directory: string): string | undefined {
  const version = readJson(join(directory, 'node_modules', PACKAGE, 'package.json'))?.version
  return typeof version === 'string' && parseVersion(version) !== undefined ? version : undefined
}

function readDeclared(directory: string): string | undefined {
  const manifest = readJson(join(directory, 'package.json'))
  for (const field of DEPENDENCY_FIELDS) {
    const range = (manifest?.[field] as Record<string, unknown> | undefined)?.[PACKAGE]
    if (typeof range === 'string') return range
  }
  return undefined
}

/** `major.minor.patch` of a version (`v1.99.0`, `1.99.0-rc.1`, `1.99`), or undefined. */
function parseVersion(text: string): [number, number, number] | undefined {
  const match = /^\s*v?(\d+)(?:\.(\d+|[x*]))?(?:\.(\d+|[x*]))?/i.exec(text)
  if (match === null) return undefined
  const part = (value: string | undefined) =>
    value === undefined || /[x*]/i.test(value) ? 0 : Number(value)
  return [Number(match[1]), part(match[2]), part(match[3])]
}

/** Negative, zero or positive as `a` is below, at or above `b`; an unreadable `a` is below. */
export function compareVersions(a: string, b: string): number {
  const left = parseVersion(a)
  const right = parseVersion(b)
  if (left === undefined || right === undefined) return -1
  return left[0] - right[0] || left[1] - right[1] || left[2] - right[2]
}

/**
 * The lowest version an npm range admits, enough for the ranges package.json files hold
 * (`^1.98.0`, `~1.99.0`, `>=1.95 <2`, `1.x`, `1.95.3 - 1.99.0`, `^1.91 || ^1.98`): each
 * alternative's first version, the lowest of them. Undefined for what names no version
 * (`*`, `latest`, `workspace:*`, a URL or a path).
 */
export function lowestInRange(range: string): string | undefined {
  const lowest = range
    .split('||')
    .map(
      (alternative) => /^\s*(?:[\^~]|>=?|=)?\s*(v?\d+(?:\.(?:\d+|[x*]))*)/i.exec(alternative)?.[1],
    )
    .filter((version): version is string => version !== undefined)
    .sort(compareVersions)[0]
  return lowest
}
