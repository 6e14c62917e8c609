/** The widest line a help screen writes: it reads whole in a 100-column terminal. */
export const HELP_WIDTH = 100

/** One row of a help table: a label (`-o, --out <file>`), its description and an example. */
export type HelpRow = Readonly<{ label: string; description: string; example: string }>

/**
 * Lays out a help table within {@link HELP_WIDTH} columns: the label, the description beside it
 * (wrapped at spaces onto the lines below, aligned on one column), then `example: ...` on a line
 * of its own: at that column when every example of the table fits there, else all further left.
 * A command line is never cut.
 */
export function layoutHelpRows(rows: readonly HelpRow[]): string {
  const column = Math.max(...rows.map((row) => row.label.length)) + 5
  const pad = ' '.repeat(column)
  const fits = rows.every((row) => column + 'example: '.length + row.example.length <= HELP_WIDTH)
  const examplePad = fits ? pad : '      '
  return rows
    .map(({ label, description, example }) => {
      const [first = '', ...rest] = wrapWords(description, HELP_WIDTH - column)
      const lines = [`  ${label.padEnd(column - 2)}${first}`, ...rest.map((line) => pad + line)]
      lines.push(`${examplePad}example: ${example}`)
      return lines.join('\n')
    })
    .join('\n')
}

/** Splits `text` at spaces into lines of at most `width` characters (a longer word stays whole). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else {
      line = line === '' ? word : `${line} ${word}`
    }
  }
  lines.push(line)
  return lines
}
