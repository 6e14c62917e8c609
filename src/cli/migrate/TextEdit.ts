/**
 * A change to a file's text: replace `[start, end)` with `text` (`start === end` inserts).
 * The codemod edits text rather than printing the syntax tree, so everything it does not touch
 * (formatting, comments, quotes) stays byte for byte.
 */
export type TextEdit = Readonly<{ start: number; end: number; text: string }>
