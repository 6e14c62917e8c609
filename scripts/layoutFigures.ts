import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** A function whose body is longer than the layout allows. */
export type LongFunction = Readonly<{ file: string; name: string; lines: number }>

/** How `src/` is laid out: the figures docs/architecture.md states and its test holds. */
export type LayoutFigures = Readonly<{
  /** TypeScript files under `src/`. */
  files: number
  /** Their median length in lines. */
  medianLines: number
  /** Files under 20 lines that are not entries (`index.ts`) or the browser's `defaultFetch`. */
  crumbs: string[]
  /** Functions (declarations, methods, arrows) whose body spans more than `maxLines` lines. */
  longFunctions: LongFunction[]
}>

// The entries list their exports and nothing else; the browser's fetch is one line by nature.
const SMALL_BY_NATURE = /(?:^|\/)(?:index\.ts|defaultFetch(?:\.browser)?\.ts)$/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

function functionName(node: ts.Node): string {
  const named = node as { name?: ts.Node }
  if (named.name !== undefined) return named.name.getText()
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText()
  }
  return '(anonymous)'
}

/**
 * Measures the layout of `src/`: file count, median length, files too small to be a concept of
 * their own, and functions over `maxLines` lines of body (the line of the opening brace to the
 * line of the closing one).
 */
export function measureLayout(maxLines = 80): LayoutFigures {
  const paths = sourceFiles(join(ROOT, 'src'))
  const lengths: number[] = []
  const crumbs: string[] = []
  const longFunctions: LongFunction[] = []
  for (const path of paths) {
    const text = readFileSync(path, 'utf8')
    const file = relative(ROOT, path)
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
    lengths.push(lines)
    if (lines < 20 && !SMALL_BY_NATURE.test(file)) crumbs.push(file)
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node): void => {
      const body = (node as { body?: ts.Node }).body
      if (ts.isFunctionLike(node) && body !== undefined) {
        const start = source.getLineAndCharacterOfPosition(body.getStart()).line
        const end = source.getLineAndCharacterOfPosition(body.getEnd()).line
        if (end - start > maxLines) {
          longFunctions.push({ file, name: functionName(node), lines: end - start })
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  lengths.sort((a, b) => a - b)
  const middle = lengths.length >> 1
  const medianLines =
    lengths.length % 2 === 1
      ? (lengths[middle] ?? 0)
      : Math.round(((lengths[middle - 1] ?? 0) + (lengths[middle] ?? 0)) / 2)
  return { files: paths.length, medianLines, crumbs, longFunctions }
}
