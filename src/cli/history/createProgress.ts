import type { CliIo } from '../command/types'

const REDRAW_MS = 100
const LOG_EVERY_PAGES = 10
const LOG_EVERY_MS = 5_000
const PREFIX = 'history: '

/** What the progress display shows: see {@link formatProgressLine}. */
export type ProgressState = Readonly<{
  /** Entries in the output, earlier runs of a resumed export included. */
  entries: number
  /** Batches (pages) in the output, the same way. */
  pages: number
  /** Entries this run wrote (the rate is of these). */
  entriesThisRun: number
  /** Milliseconds since this run started. */
  elapsedMs: number
  /** Entries the export may still write, when bounded by `--limit`. */
  remaining: number | undefined
}>

/** The progress display of an export, on stderr: see {@link createProgress}. */
type Progress = Readonly<{
  /** A batch was written: redraw (terminal) or maybe log a line (otherwise). */
  update(state: ProgressState): void
  /** The export ended: the last state, then `message` on a line of its own. */
  finish(state: ProgressState, message: string): void
  /** A line of its own between progress lines (a retry, a failover); a redrawn line is cleared. */
  note(line: string): void
}>

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
    note: (line) => {
      if (quiet) return
      if (!tty) {
        io.stderr(`${PREFIX}${line}\n`)
        return
      }
      io.stderr(`${drawn ? '\r\x1b[2K' : ''}${PREFIX}${line}\n`)
      // The progress line is drawn again below the note, at the next update.
      drawn = false
      lastDraw = Number.NEGATIVE_INFINITY
    },
  }
}

/**
 * One progress line: `12,345 entries, 13 pages, 4,100/s, 3.0 s elapsed`, and `, ETA 2.1 s` when
 * `--limit` bounds the export and a rate is known.
 */
export function formatProgressLine(state: ProgressState): string {
  const seconds = state.elapsedMs / 1_000
  const rate = seconds > 0 ? state.entriesThisRun / seconds : 0
  const parts = [
    `${state.entries.toLocaleString('en')} entries`,
    `${state.pages.toLocaleString('en')} pages`,
    `${Math.round(rate).toLocaleString('en')}/s`,
    `${formatDuration(state.elapsedMs)} elapsed`,
  ]
  if (state.remaining !== undefined && rate > 0) {
    parts.push(`ETA ${formatDuration((state.remaining / rate) * 1_000)}`)
  }
  return parts.join(', ')
}

/** A duration for a progress line: `850 ms`, `4.2 s`, `3 min 07 s`, `2 h 05 min`. */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`
  const seconds = Math.round(ms / 1_000)
  if (seconds < 3_600) {
    return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`
  }
  const minutes = Math.round(seconds / 60)
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`
}
