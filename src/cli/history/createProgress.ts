import type { CliIo } from '../CliIo'
import { formatProgressLine } from './formatProgressLine'
import type { Progress } from './Progress'

const REDRAW_MS = 100
const LOG_EVERY_PAGES = 10
const LOG_EVERY_MS = 5_000
const PREFIX = 'history: '

/**
 * The progress display on stderr (stdout carries data only). On a terminal, one line redrawn in
 * place (`\r`, erase line), at most ten times a second, cut to the terminal's width. Otherwise
 * (a log file, a pipe), a plain line every 10 pages or 5 seconds, whichever comes first. With
 * `quiet`, nothing.
 */
export function createProgress(
  io: Pick<CliIo, 'stderr'>,
  options: Readonly<{
    tty: boolean
    columns: number | undefined
    quiet: boolean
    now: () => number
  }>,
): Progress {
  const { tty, columns, quiet, now } = options
  let lastDraw = Number.NEGATIVE_INFINITY
  let lastLogPages = 0
  let lastLine = ''
  let drawn = false
  const toWidth = (line: string) =>
    columns !== undefined && columns > 1 && line.length >= columns
      ? line.slice(0, columns - 1)
      : line
  return {
    update: (state) => {
      if (quiet) return
      const at = now()
      if (tty) {
        if (at - lastDraw < REDRAW_MS) return
        io.stderr(`\r\x1b[2K${toWidth(PREFIX + formatProgressLine(state))}`)
        drawn = true
      } else {
        if (state.pages - lastLogPages < LOG_EVERY_PAGES && at - lastDraw < LOG_EVERY_MS) return
        lastLine = `${PREFIX}${formatProgressLine(state)}`
        io.stderr(`${lastLine}\n`)
        lastLogPages = state.pages
      }
      lastDraw = at
    },
    finish: (state, message) => {
      if (quiet) return
      const line = `${PREFIX}${formatProgressLine(state)}`
      if (tty) io.stderr(`${drawn ? '\r\x1b[2K' : ''}${toWidth(line)}\n${PREFIX}${message}\n`)
      // The last state again only if it moved on since the last line logged (a one-page export
      // logs its line once).
      else if (state.pages === lastLogPages && lastLine !== '') io.stderr(`${PREFIX}${message}\n`)
      else io.stderr(`${line}\n${PREFIX}${message}\n`)
    },
  }
}
