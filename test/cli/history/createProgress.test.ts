import { describe, expect, it } from 'vitest'
import {
  createProgress,
  formatDuration,
  formatProgressLine,
} from '../../../src/cli/history/createProgress'

describe('progress', () => {
  it('formats counts, rate, elapsed time and an ETA when bounded', () => {
    const state = { entries: 12_345, pages: 13, entriesThisRun: 10_000, elapsedMs: 2_000 }
    expect(formatProgressLine({ ...state, remaining: undefined })).toBe(
      '12,345 entries, 13 pages, 5,000/s, 2.0 s elapsed',
    )
    expect(formatProgressLine({ ...state, remaining: 10_000 })).toBe(
      '12,345 entries, 13 pages, 5,000/s, 2.0 s elapsed, ETA 2.0 s',
    )
    expect(formatDuration(850)).toBe('850 ms')
    expect(formatDuration(187_000)).toBe('3 min 07 s')
    expect(formatDuration(7_500_000)).toBe('2 h 05 min')
  })

  const state = (pages: number) => ({
    entries: pages * 10,
    pages,
    entriesThisRun: pages * 10,
    elapsedMs: 1_000,
    remaining: undefined,
  })

  it('on a terminal, redraws one line in place, cut to its width', () => {
    let text = ''
    let clock = 0
    const progress = createProgress(
      { stderr: (chunk) => (text += chunk) },
      { tty: true, columns: 30, quiet: false, now: () => clock },
    )
    for (let page = 1; page <= 5; page++) {
      clock += 200
      progress.update(state(page))
    }
    progress.update(state(6)) // within 100 ms of the last redraw: skipped
    progress.finish(state(6), 'done')
    expect(text.split('\r\x1b[2K')).toHaveLength(7)
    // Nothing but redraws until the end: the final line, then the message on its own line.
    expect(text.indexOf('\n')).toBeGreaterThan(text.lastIndexOf('\r'))
    const last = text.split('\r\x1b[2K').at(-1) ?? ''
    expect(last).toMatch(/^history: 60 entries, 6 pages[^\n]*\nhistory: done\n$/)
    for (const drawn of text.split('\r\x1b[2K').slice(1)) {
      expect(drawn.split('\n')[0]?.length).toBeLessThanOrEqual(29)
    }
  })

  it('on a terminal, a note clears the redrawn line, and the progress is drawn again below it', () => {
    let text = ''
    const progress = createProgress(
      { stderr: (chunk) => (text += chunk) },
      { tty: true, columns: 80, quiet: false, now: () => 0 },
    )
    progress.note('before anything is drawn')
    progress.update(state(1))
    progress.note('a retry')
    // At the same instant: within 100 ms of the last redraw, and drawn all the same.
    progress.update(state(2))
    expect(text).toBe(
      'history: before anything is drawn\n' +
        '\r\x1b[2Khistory: 10 entries, 1 pages, 10/s, 1.0 s elapsed' +
        '\r\x1b[2Khistory: a retry\n' +
        '\r\x1b[2Khistory: 20 entries, 2 pages, 20/s, 1.0 s elapsed',
    )
  })

  it('elsewhere, logs a plain line every 10 pages (or 5 s), and nothing with quiet', () => {
    let text = ''
    const progress = createProgress(
      { stderr: (chunk) => (text += chunk) },
      { tty: false, columns: undefined, quiet: false, now: () => 0 },
    )
    for (let page = 1; page <= 25; page++) progress.update(state(page))
    progress.finish(state(25), 'done')
    expect(text).not.toContain('\r')
    expect(text.split('\n').filter((line) => line.includes(' pages,'))).toHaveLength(4)
    let quiet = ''
    const silent = createProgress(
      { stderr: (chunk) => (quiet += chunk) },
      { tty: true, columns: 80, quiet: true, now: () => 0 },
    )
    silent.update(state(1))
    silent.note('a retry')
    silent.finish(state(1), 'done')
    expect(quiet).toBe('')
  })
})
