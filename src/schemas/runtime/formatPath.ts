import type { PathSegment } from './Miss'

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** Renders path segments as a JSON path: `$.meta.preBalances[3]`, `$["odd key"]`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '$'
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else if (IDENTIFIER.test(segment)) out += `.${segment}`
    else out += `[${JSON.stringify(segment)}]`
  }
  return out
}
