/**
 * The `confirmed-rpc` executable (package.json `bin`, built to dist/cli/main.js with a
 * `#!/usr/bin/env node` banner). Everything happens in `runCli`; this file only binds it to the
 * process, and sets `exitCode` rather than calling `process.exit` so that output still being
 * written to a pipe is not cut off.
 */
import { runCli } from './runCli'

// `confirmed-rpc migrate src | head`: the reader may leave before the diff is written. Stop
// writing to it then, rather than die on an unhandled EPIPE.
let stdoutClosed = false
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error
  stdoutClosed = true
})

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => {
    if (!stdoutClosed) process.stdout.write(text)
  },
  stdoutClosed: () => stdoutClosed,
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
})
