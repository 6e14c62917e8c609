import { readFileSync } from 'node:fs'

/**
 * The version in the package's package.json. Read at run time rather than inlined by the build:
 * src/cli/*.ts and the built dist/cli/*.js both sit two directories below the package root.
 */
export function readPackageVersion(): string {
  const manifest: unknown = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  )
  const version = (manifest as { version?: unknown }).version
  return typeof version === 'string' ? version : 'unknown'
}
