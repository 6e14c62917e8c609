import { type ChildProcess, fork } from 'node:child_process'

/** A benchmark helper process and the first message it sent (its address, what it built). */
export type StartedChild<TReady> = Readonly<{
  ready: TReady
  child: ChildProcess
  /** Ends the process and waits for it to exit. */
  stop(): Promise<void>
}>

/** Options of {@link startChild}. */
export type StartChildOptions = Readonly<{
  /**
   * Sent to the child once it is up (`process.on('message')`), before it reports ready.
   * @default undefined (nothing sent)
   */
  input?: unknown
  /**
   * Extra Node flags, such as `--expose-gc`.
   * @default []
   */
  nodeFlags?: readonly string[] | undefined
}>

/**
 * Runs `script` (TypeScript, through the same tsx loader as this process) in a child process
 * with an IPC channel, and resolves with the first message it sends. A child that exits first
 * rejects. Running servers in children keeps their work on the other core and out of the heap
 * and event loop being measured.
 */
export function startChild<TReady>(
  script: URL,
  options: StartChildOptions = {},
): Promise<StartedChild<TReady>> {
  const child = fork(script.pathname, [], {
    execArgv: [...process.execArgv, ...(options.nodeFlags ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill()
    await exited
  }
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ ready: message as TReady, child, stop }))
    child.once('exit', (code) => reject(new Error(`${script.pathname} exited with ${code}`)))
    child.once('error', reject)
    if (options.input !== undefined) child.send(options.input as object)
  })
}
