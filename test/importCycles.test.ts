import { resolve } from 'node:path'
// @ts-expect-error madge ships no type declarations: the part used here is typed below.
import untypedMadge from 'madge'
import { expect, it } from 'vitest'

type ImportGraph = {
  /** Each cycle as the files on it, relative to the directory analysed. */
  circular(): string[][]
  /** Imports that could not be resolved to a file. */
  warnings(): { skipped: string[] }
}
type Madge = (path: string, config: Readonly<Record<string, unknown>>) => Promise<ImportGraph>

const madge = untypedMadge as Madge

const root = resolve(import.meta.dirname, '..')

// A module on a cycle can run before the module it imports has set its exports, and then reads
// them as undefined (or hits a ReferenceError), depending on which one an app imports first.
// `import type` is counted too, although every build erases it: the rule is that a helper never
// imports back from the file that uses it (the public function's file or an entry), so public
// types live in files of their own, and a type-only cycle is the first step towards a real one.
it('has no import cycle among the modules of src/, type-only imports included', async () => {
  const graph = await madge(resolve(root, 'src'), {
    baseDir: root,
    fileExtensions: ['ts'],
    tsConfig: resolve(root, 'tsconfig.json'),
  })
  // Every relative import resolved to a file, or a cycle through it would go unseen.
  expect(graph.warnings().skipped).toEqual([])
  expect(graph.circular()).toEqual([])
}, 60_000)
