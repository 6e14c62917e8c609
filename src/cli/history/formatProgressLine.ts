import { formatDuration } from './formatDuration'
import type { ProgressState } from './ProgressState'

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
