import type { CliIo } from '../../src/cli/command/types'

/** A `CliIo` that keeps what a command writes, for in-process runs of the program. */
export function captureIo(cwd: string): CliIo & { out: () => string; err: () => string } {
  let stdout = ''
  let stderr = ''
  return {
    cwd,
    stdout: (text) => {
      stdout += text
    },
    stderr: (text) => {
      stderr += text
    },
    out: () => stdout,
    err: () => stderr,
  }
}
