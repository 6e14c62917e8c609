import { expect, it } from 'vitest'
import { applyTextEdits } from '../../../src/cli/migrate/applyTextEdits'

it('applies replacements and inserts by position, whatever order they come in', () => {
  const text = 'f(sig, c)'
  expect(
    applyTextEdits(text, [
      { start: 7, end: 8, text: 'commitment' },
      { start: 0, end: 1, text: 'g' },
      { start: 7, end: 7, text: '{ x: ' },
      { start: 8, end: 8, text: ' }' },
    ]),
  ).toBe('g(sig, { x: commitment })')
})

it('keeps inserts at one position in the order given, before a replacement starting there', () => {
  expect(
    applyTextEdits('abc', [
      { start: 1, end: 2, text: 'B' },
      { start: 1, end: 1, text: '1' },
      { start: 1, end: 1, text: '2' },
    ]),
  ).toBe('a12Bc')
})

it('refuses overlapping replacements rather than garble the file', () => {
  expect(() =>
    applyTextEdits('abcdef', [
      { start: 1, end: 4, text: 'x' },
      { start: 3, end: 5, text: 'y' },
    ]),
  ).toThrow('Overlapping edits at offset 3')
})
