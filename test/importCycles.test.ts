import { readdirSync, readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { ts } from 'ts-morph'
import { expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '..')

/** The import graph of src/: each file's imports that resolve to files, and those that do not. */
function importGraph(): { edges: Map<string, string[]>; unresolved: string[] } {
  const { config } = ts.readConfigFile(resolve(root, 'tsconfig.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root)
  const files = readdirSync(resolve(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => resolve(root, 'src', name))
  const edges = new Map<string, string[]>()
  const unresolved: string[] = []
  for (const file of files) {
    // The compiler's own import scanner: `import type`, `export ... from` and `import()` count.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const imports = new Set<string>()
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule
      if (resolved !== undefined && !resolved.isExternalLibraryImport) {
        imports.add(relative(root, resolved.resolvedFileName))
      } else if (fileName.startsWith('.')) {
        unresolved.push(`${relative(root, file)}: ${fileName}`)
      }
    }
    edges.set(relative(root, file), [...imports].sort())
  }
  return { edges, unresolved }
}

/** The strongly connected components with more than one file, or one that imports itself. */
function cycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative so that a deep chain of imports cannot overflow the stack.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  for (const start of edges.keys()) {
    if (index.has(start)) continue
    const frames: { file: string; at: number }[] = [{ file: start, at: 0 }]
    index.set(start, next)
    low.set(start, next++)
    stack.push(start)
    onStack.add(start)
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as { file: string; at: number }
      const target = edges.get(frame.file)?.[frame.at++]
      if (target !== undefined) {
        if (!index.has(target)) {
          index.set(target, next)
          low.set(target, next++)
          stack.push(target)
          onStack.add(target)
          frames.push({ file: target, at: 0 })
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file) ?? 0, index.get(target) ?? 0))
        }
        continue
      }
      frames.pop()
      const parent = frames[frames.length - 1]
      if (parent !== undefined) {
        low.set(parent.file, Math.min(low.get(parent.file) ?? 0, low.get(frame.file) ?? 0))
      }
      if (low.get(frame.file) !== index.get(frame.file)) continue
      const component: string[] = []
      for (;;) {
        const member = stack.pop() as string
        onStack.delete(member)
        component.push(member)
        if (member === frame.file) break
      }
      const selfImport = edges.get(frame.file)?.includes(frame.file) === true
      if (component.length > 1 || selfImport) found.push(component.sort())
    }
  }
  return found
}

it('finds a cycle when there is one (the check below can fail)', () => {
  const edges = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts', 'd.ts']],
    ['d.ts', []],
    ['e.ts', ['e.ts']],
  ])
  expect(cycles(edges)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']])
  expect(
    cycles(
      new Map([
        ['a.ts', ['b.ts']],
        ['b.ts', []],
      ]),
    ),
  ).toEqual([])
})

// A module on a cycle can run before the module it imports has set its exports, and then reads
// them as undefined (or hits a ReferenceError), depending on which one an app imports first.
// `import type` is counted too, although every build erases it: the rule is that a helper never
// imports back from the file that uses it (the public function's file or an entry), so public
// types live in files of their own, and a type-only cycle is the first step towards a real one.
// The graph is read with the compiler's import scanner and module resolution (the tsconfig's
// options); madge gave the same graph in 5-8 s, this takes under one.
it('has no import cycle among the modules of src/, type-only imports included', () => {
  const { edges, unresolved } = importGraph()
  // Every relative import resolved to a file, or a cycle through it would go unseen.
  expect(unresolved).toEqual([])
  expect(edges.size).toBeGreaterThan(100)
  expect(cycles(edges)).toEqual([])
})
