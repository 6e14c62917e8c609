import type { CliOption } from './CliOption'

/**
 * Lays out options for a help screen: `-w, --write`, the description beside it, and the
 * example on the line below, aligned on one column.
 */
export function formatOptionRows(options: Readonly<Record<string, CliOption>>): string {
  const rows = Object.entries(options).map(([name, option]) => {
    const value = option.type === 'string' ? ` <${option.valueName ?? 'value'}>` : ''
    const flags = `${option.short === undefined ? '    ' : `-${option.short}, `}--${name}${value}`
    return { flags, option }
  })
  const width = Math.max(...rows.map((row) => row.flags.length)) + 3
  return rows
    .map(
      ({ flags, option }) =>
        `  ${flags.padEnd(width)}${option.description}\n  ${' '.repeat(width)}example: ${option.example}`,
    )
    .join('\n')
}
