/** Where two texts first differ, with a little context: for a failed comparison's detail. */
export function firstDifference(expected: string, actual: string): string {
  let at = 0
  while (at < expected.length && expected[at] === actual[at]) at++
  const from = Math.max(0, at - 30)
  return `differs at character ${at}: expected …${expected.slice(from, at + 50)}… got …${actual.slice(from, at + 50)}…`
}
