/**
 * The `confirmed-rpc` executable (package.json `bin`, built to dist/cli/main.js with a
 * `#!/usr/bin/env node` banner). Everything happens in `runCli`; this file only binds it to the
 * process, and sets `exitCode` rather than calling `process.exit` so that output still being
 * written to a pipe is not cut off.
 */
import { fstatSync } from 'node:fs'
import { runCli } from './runCli'

// `confirmed-rpc migrate src | head`, `history ... 2>&1 | head`: the reader may leave before
// the program is done. Stop writing to that stream then, and let the command know, rather than
// die on an unhandled EPIPE.
let stdoutClosed = false
let stderrClosed = false
// With `2>&1 | head` both streams are one pipe: whichever meets EPIPE first, both are closed.
const onePipe = isSameFile(1, 2)
const closedBy = (stream: 'stdout' | 'stderr') => (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error
  if (stream === 'stdout' || onePipe) stdoutClosed = true
  if (stream === 'stderr' || onePipe) stderrClosed = true
}
process.stdout.on('error', closedBy('stdout'))
process.stderr.on('error', closedBy('stderr'))

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => {
    if (!stdoutClosed) process.stdout.write(text)
  },
  stdoutClosed: () => stdoutClosed,
  stderr: (text) => {
    if (!stderrClosed) process.stderr.write(text)
  },
  stderrClosed: () => stderrClosed,
  cwd: process.cwd(),
})

/** Whether two file descriptors are the same file (the same pipe, the same terminal). */
function isSameFile(a: number, b: number): boolean {
  try {
    const [first, second] = [fstatSync(a), fstatSync(b)]
    return first.dev === second.dev && first.ino === second.ino
  } catch {
    return false
  }
}
