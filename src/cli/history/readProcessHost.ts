import type { HistoryHost } from './HistoryHost'
import { INTERRUPTED_EXIT_CODE } from './interruptedExitCode'

/**
 * The {@link HistoryHost} of this process. The first Ctrl-C goes to the listener (the command
 * stops its walk, writes its checkpoint and exits 130); a second one exits at once, which is
 * safe as well: the output and its checkpoint are consistent on disk after every page.
 */
export function readProcessHost(): HistoryHost {
  return {
    env: process.env,
    stderrIsTTY: process.stderr.isTTY === true,
    stderrColumns: process.stderr.isTTY === true ? process.stderr.columns : undefined,
    onInterrupt: (listener) => {
      let seen = false
      const handler = () => {
        if (seen) process.exit(INTERRUPTED_EXIT_CODE)
        seen = true
        listener()
      }
      process.on('SIGINT', handler)
      return () => {
        process.off('SIGINT', handler)
      }
    },
    now: () => performance.now(),
  }
}
