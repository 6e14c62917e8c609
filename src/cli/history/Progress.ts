import type { ProgressState } from './ProgressState'

/** The progress display of an export, on stderr: see {@link createProgress}. */
export type Progress = Readonly<{
  /** A batch was written: redraw (terminal) or maybe log a line (otherwise). */
  update(state: ProgressState): void
  /** The export ended: the last state, then `message` on a line of its own. */
  finish(state: ProgressState, message: string): void
}>
