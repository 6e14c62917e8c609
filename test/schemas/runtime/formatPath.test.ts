import { describe, expect, it } from 'vitest'
import { formatPath } from '../../../src/schemas/runtime/formatPath'

describe('formatPath', () => {
  it('renders keys and indexes as a JSON path', () => {
    expect(formatPath([])).toBe('$')
    expect(formatPath(['meta', 'preBalances', 3])).toBe('$.meta.preBalances[3]')
    expect(formatPath([0, 'err', 'InstructionError', 1, 'Custom'])).toBe(
      '$[0].err.InstructionError[1].Custom',
    )
  })

  it('quotes keys that are not identifiers', () => {
    expect(formatPath(['odd key', 'a"b', '1x'])).toBe('$["odd key"]["a\\"b"]["1x"]')
  })
})
