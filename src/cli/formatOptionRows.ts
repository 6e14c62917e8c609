import type { CliOption } from './CliOption'
import { layoutHelpRows } from './layoutHelpRows'

/**
 * Lays out options for a help screen: `-w, --write`, the description beside it, and the
 * example below, within 100 columns (see {@link layoutHelpRows}).
 */
export function formatOptionRows(options: Readonly<Record<string, CliOption>>): string {
  return layoutHelpRows(
    Object.entries(options).map(([name, option]) => {
      const value = option.type === 'string' ? ` <${option.valueName ?? 'value'}>` : ''
      const label = `${option.short === undefined ? '    ' : `-${option.short}, `}--${name}${value}`
      return { label, description: option.description, example: option.example }
    }),
  )
}
