/**
 * Deep equality of JSON-like values (bigints included) without recursion, so values nested a
 * hundred thousand levels deep compare without a stack overflow. Own enumerable keys only; an
 * own `__proto__` key is compared like any other.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]]
  while (stack.length > 0) {
    const [x, y] = stack.pop() as [unknown, unknown]
    if (Object.is(x, y)) continue
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false
    if (Array.isArray(x) !== Array.isArray(y)) return false
    const xKeys = Object.keys(x)
    const yKeys = Object.keys(y)
    if (xKeys.length !== yKeys.length) return false
    for (const key of xKeys) {
      if (!Object.hasOwn(y, key)) return false
      const xValue = Object.getOwnPropertyDescriptor(x, key)?.value
      const yValue = Object.getOwnPropertyDescriptor(y, key)?.value
      stack.push([xValue, yValue])
    }
  }
  return true
}
