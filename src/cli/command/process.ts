import type { HistoryHost } from './types'

/**
 * The program's exit codes, one table so that commands and docs agree: 0 done, 2 the user's
 * invocation or input is wrong (nothing written), 1 anything else failed; `check` only: 3
 * the endpoint refused the credentials (HTTP 401, 403), 4 it could not be probed (nothing
 * listening, DNS, TLS, or failures that outlasted the retries); `worker` only: 5 the queue's data
 * is gone from Redis and the outputs it had started stay incomplete until the addresses are
 * queued again; `coverage` only: 6 an output is not proven whole (a hole, a line deleted, altered
 * or repeated, a walk that stopped early); `books` only: 7 the rows and the chain's holdings do not
 * reconcile (the rows are written; the reconciliation on stderr says by how much); 130 (128 +
 * SIGINT) stopped by Ctrl-C after what was done is recorded (`history`'s
 * checkpoint, `worker`'s jobs), 141 (128 + SIGPIPE, as a shell reports a writer killed by a
 * closed pipe) `history` stopped because the reader of its stderr left, after writing its
 * checkpoint.
 */
export const EXIT_CODES = {
  ok: 0,
  failure: 1,
  usage: 2,
  unauthorized: 3,
  unreachable: 4,
  queueLost: 5,
  unproven: 6,
  unreconciled: 7,
  interrupted: 130,
  pipeClosed: 141,
} as const

/** The footer of every help screen: each of {@link EXIT_CODES}, on four lines. */
export const EXIT_CODES_HELP =
  'Exit codes: 0 done, 2 usage or invalid input (nothing written), 1 other failures,\n' +
  '3 check: credentials refused, 4 check: endpoint unreachable, 5 worker: the queue was lost,\n' +
  '6 coverage: an output is not proven whole (the holes are listed),\n' +
  '7 books: the rows and the chain do not reconcile,\n' +
  '130 interrupted by Ctrl-C, 141 the reader of stderr left (both after recording what was done).'

/**
 * A bad invocation or input the user can fix: an unknown option, a missing path, a missing
 * optional dependency. The program prints the message and exits with 2, before writing anything.
 */
export class UsageError extends Error {
  override name = 'UsageError'
}

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
        if (seen) process.exit(EXIT_CODES.interrupted)
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
