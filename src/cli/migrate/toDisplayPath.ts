import { relative, sep } from 'node:path'

/** A path as the report and the diff show it: relative to `cwd`, with forward slashes. */
export function toDisplayPath(cwd: string, path: string): string {
  return relative(cwd, path).split(sep).join('/')
}
