import fc from 'fast-check'
import { expect } from 'vitest'
import { ResponseShapeError } from '../../src/errors/ConfirmedRpcError'

/** A JSON path: object keys and array indexes from the root. */
export type Path = readonly (string | number)[]

/** Marks a key to delete in {@link setAt}. */
export const REMOVE = Symbol('remove')

type Container = Record<string | number, unknown>

/** Sets (or, with {@link REMOVE}, deletes) the value at `path` in place; returns the new root. */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value
  let parent = root as Container
  for (const key of path.slice(0, -1)) parent = parent[key] as Container
  const last = path[path.length - 1] as string | number
  if (value === REMOVE) {
    if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1)
    else delete parent[last]
  } else {
    parent[last] = value
  }
  return root
}

/** The error a decode threw; fails the test if it threw something else or nothing. */
export function shapeErrorOf(run: () => unknown): ResponseShapeError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ResponseShapeError)
    return error as ResponseShapeError
  }
  throw new Error('expected a ResponseShapeError, but the decode succeeded')
}

function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path)
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      pathsOf(child, [...path, Array.isArray(value) ? Number(key) : key], out)
    }
  }
  return out
}

/** One random edit of a result: replace a value, remove it, or add a sibling. */
export type Mutation = Readonly<{
  target: number
  kind: 'replace' | 'remove' | 'add'
  value: unknown
  key: string
}>

const awkwardValues = fc.constantFrom<unknown>(
  '18446744073709551615',
  '18446744073709551616',
  '9007199254740993',
  '-1',
  '007',
  -1,
  1.5,
  2 ** 53,
  Number.NaN,
  null,
  '',
  [],
  {},
  { Custom: -1 },
  { InstructionError: [0] },
  JSON.parse('{"__proto__":{"polluted":true}}'),
)

/** 1 to 3 random mutations. */
export function arbitraryMutations(): fc.Arbitrary<Mutation[]> {
  return fc.array(
    fc.record({
      target: fc.nat(),
      kind: fc.constantFrom<Mutation['kind']>('replace', 'remove', 'add'),
      value: fc.oneof(fc.jsonValue({ maxDepth: 3 }), awkwardValues),
      key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'extra', 'err'), fc.string()),
    }),
    { minLength: 1, maxLength: 3 },
  )
}

/** Applies a mutation to a node chosen among all the nodes of `root`; returns the new root. */
export function applyMutation(root: unknown, mutation: Mutation): unknown {
  const paths = pathsOf(root)
  const path = paths[mutation.target % paths.length] ?? []
  const value = structuredClone(mutation.value)
  if (mutation.kind === 'replace') return setAt(root, path, value)
  if (mutation.kind === 'remove') return path.length === 0 ? root : setAt(root, path, REMOVE)
  const target = path.reduce<unknown>((node, key) => (node as Container)[key], root)
  if (Array.isArray(target)) target.push(value)
  else if (typeof target === 'object' && target !== null) {
    Object.defineProperty(target, mutation.key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return root
}
