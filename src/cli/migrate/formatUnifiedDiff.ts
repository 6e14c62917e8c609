import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff'

/**
 * A unified diff of one file, with `a/` and `b/` prefixes and three lines of context, which
 * `git apply` and `patch -p1` take as they are. `path` uses forward slashes.
 */
export function formatUnifiedDiff(path: string, before: string, after: string): string {
  return createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
  })
}
