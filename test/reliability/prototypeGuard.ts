/** The built-in prototypes a polluted parse or merge would write to. */
const GUARDED: ReadonlyArray<readonly [string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Promise.prototype', Promise.prototype],
  ['Error.prototype', Error.prototype],
]

function ownKeys(target: object): string[] {
  return Reflect.ownKeys(target).map(String).sort()
}

/**
 * Remembers the own keys of the built-in prototypes; `check()` lists what changed since, plus
 * the tell-tale `polluted` / `isAdmin` properties seen through a fresh object and array.
 */
export function guardPrototypes(): Readonly<{ check(): string[] }> {
  const before = new Map(GUARDED.map(([name, target]) => [name, ownKeys(target).join('|')]))
  return {
    check() {
      const changes: string[] = []
      for (const [name, target] of GUARDED) {
        if (ownKeys(target).join('|') !== before.get(name)) changes.push(`${name} changed`)
      }
      const probe = {} as Record<string, unknown>
      const list = [] as unknown as Record<string, unknown>
      for (const key of ['polluted', 'isAdmin', 'pwned']) {
        if (probe[key] !== undefined) changes.push(`({}).${key} is ${String(probe[key])}`)
        if (list[key] !== undefined) changes.push(`[].${key} is ${String(list[key])}`)
      }
      if (Object.getPrototypeOf(probe) !== Object.prototype) changes.push('{} prototype changed')
      return changes
    },
  }
}
