import { gzipSync } from 'node:zlib'

/**
 * What each source costs in the gzip size of a bundle: the size drop when its section alone is
 * left out (sections split at esbuild's `// path` comments of a `keepLayout` build), summed per
 * package or source folder, largest first. Gzip shares repeats across sections, so these add up
 * to somewhat more or less than the whole.
 */
export function marginalGzipBytes(layoutCode: string): [string, number][] {
  const sections = layoutCode.split(/^(?=\/\/ \S+\n)/m)
  const gzip = (text: string): number => gzipSync(text, { level: 9 }).length
  const whole = gzip(layoutCode)
  const groups = new Map<string, number>()
  sections.forEach((section, i) => {
    const path = /^\/\/ (\S+)\n/.exec(section)?.[1] ?? '(runtime helpers)'
    const name = path.includes('node_modules/')
      ? ((path.split('node_modules/').pop() ?? path).split('/')[0] ?? path)
      : path.replace(/\/[^/]+$/, '').replace(/^(\.\.\/)+/, '')
    const rest = sections.filter((_, j) => j !== i).join('')
    groups.set(name, (groups.get(name) ?? 0) + whole - gzip(rest))
  })
  return [...groups].sort((a, b) => b[1] - a[1])
}
