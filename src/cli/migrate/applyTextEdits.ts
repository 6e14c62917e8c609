import type { TextEdit } from './types'

/**
 * Applies edits to a text. Inserts at one position keep the order they were given in; ranges
 * that overlap are a bug in the codemod and throw rather than garble a user's file.
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const ordered = edits
    .map((edit, index) => ({ edit, index }))
    // At one offset, inserts go before a replacement that starts there.
    .sort(
      (a, b) =>
        a.edit.start - b.edit.start ||
        Number(a.edit.end > a.edit.start) - Number(b.edit.end > b.edit.start) ||
        a.index - b.index,
    )
    .map(({ edit }) => edit)
  let out = ''
  let cursor = 0
  for (const edit of ordered) {
    if (edit.start < cursor) {
      throw new Error(`Overlapping edits at offset ${edit.start}`)
    }
    out += text.slice(cursor, edit.start) + edit.text
    cursor = edit.end
  }
  return out + text.slice(cursor)
}
