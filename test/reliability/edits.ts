import fc from 'fast-check'
import { rawLiteral } from './wireJson'

/** One edit of a JSON value: replace a node, remove it, or add a key (or item) to it. */
export type Edit = Readonly<{
  /** Which node, as an index (modulo their count) into every node of the value, root first. */
  target: number
  kind: 'replace' | 'remove' | 'add'
  value: unknown
  /** The key an `add` writes, as an own property even for `__proto__`. */
  key: string
}>

type Path = readonly (string | number)[]
type Container = Record<string | number, unknown>

/** Keys that have a meaning for the engine or for naive merge code. */
export const SPECIAL_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'toJSON',
  'then',
  'polluted',
  '',
] as const

function ownObject(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  }
  return out
}

/** Values a node should never send where a schema expects something else, or at all. */
export const awkwardValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      rawLiteral('18446744073709551615'),
      rawLiteral('18446744073709551616'),
      rawLiteral('9007199254740993'),
      rawLiteral('-9223372036854775809'),
      rawLiteral('123456789012345678901234567890'),
      rawLiteral('1e400'),
      rawLiteral('-0'),
      rawLiteral('1.0'),
      rawLiteral('5e-324'),
      '18446744073709551615',
      '007',
      '-1',
      -1,
      1.5,
      2 ** 53,
      2 ** 64,
      null,
      true,
      '',
      [],
      {},
      '\ud800',
      '<script>alert(1)</script>',
      { InstructionError: [0, { Custom: 2 ** 40 }] },
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      ownObject([['__proto__', { polluted: 'yes', isAdmin: true }]]),
      ownObject([['constructor', { prototype: { polluted: 'yes' } }]]),
      ownObject([
        ['__proto__', ownObject([['__proto__', { pwned: 1 }]])],
        ['toString', 'not a function'],
      ]),
      ownObject([
        ['valueOf', 1],
        ['toString', 2],
      ]),
    ),
  },
)

/** 1 to 3 edits. */
export const editList: fc.Arbitrary<Edit[]> = fc.array(
  fc.record({
    target: fc.nat(),
    kind: fc.constantFrom<Edit['kind']>('replace', 'remove', 'add'),
    value: awkwardValue,
    key: fc.oneof(fc.constantFrom(...SPECIAL_KEYS), fc.string({ maxLength: 8 })),
  }),
  { minLength: 1, maxLength: 3 },
)

function pathsOf(root: unknown): Path[] {
  const out: Path[] = []
  const stack: [unknown, Path][] = [[root, []]]
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, Path]
    out.push(path)
    if (typeof value !== 'object' || value === null) continue
    for (const key of Object.keys(value)) {
      const child = Object.getOwnPropertyDescriptor(value, key)?.value
      stack.push([child, [...path, Array.isArray(value) ? Number(key) : key]])
    }
  }
  return out
}

function nodeAt(root: unknown, path: Path): unknown {
  let node = root
  for (const key of path) node = Object.getOwnPropertyDescriptor(node, key)?.value
  return node
}

function define(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

/** Applies one edit in place (the root itself may be replaced); returns the new root. */
export function applyEdit(root: unknown, edit: Edit): unknown {
  const paths = pathsOf(root)
  const path = paths[edit.target % paths.length] ?? []
  const value = structuredClone(edit.value)
  if (path.length === 0) {
    if (edit.kind === 'replace') return value
    if (edit.kind === 'remove') return root
  }
  if (edit.kind === 'add') {
    const target = nodeAt(root, path)
    if (Array.isArray(target)) target.push(value)
    else if (typeof target === 'object' && target !== null) define(target, edit.key, value)
    return root
  }
  const parent = nodeAt(root, path.slice(0, -1)) as Container
  const last = path[path.length - 1] as string | number
  if (edit.kind === 'replace') define(parent, last, value)
  else if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1)
  else delete parent[last]
  return root
}

/** Applies the edits in order to a copy of `value`. */
export function applyEdits(value: unknown, edits: readonly Edit[]): unknown {
  let root = structuredClone(value)
  for (const edit of edits) root = applyEdit(root, edit)
  return root
}
