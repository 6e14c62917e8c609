import { spawn } from 'node:child_process'

export type CommandResult = Readonly<{
  code: number | null
  stdout: string
  stderr: string
  timedOut: boolean
  ms: number
}>

export type CommandOptions = Readonly<{
  cwd: string
  timeoutMs: number
  env?: NodeJS.ProcessEnv | undefined
}>

/**
 * The environment of a consumer's shell: `npm run` and `npx` leave npm_* variables and the repo's
 * node_modules/.bin on PATH, which would let a child npm or node see the repo instead of the
 * fresh project.
 */
export function consumerEnv(repoRoot: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (key.toLowerCase().startsWith('npm_') || key === 'NODE_OPTIONS' || key === 'INIT_CWD') {
      continue
    }
    env[key] = value
  }
  env.PATH = (process.env.PATH ?? '')
    .split(':')
    .filter((entry) => !entry.startsWith(repoRoot))
    .join(':')
  env.NO_UPDATE_NOTIFIER = '1'
  return env
}

/** Runs a command to its end (or its timeout); never throws for a failing command. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: CommandOptions,
): Promise<CommandResult> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a timeout also ends what it spawned (npm's install scripts).
      detached: true,
    })
    let stdout = ''
    let stderr = ''
    let timedOut = false
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    const timer = setTimeout(() => {
      timedOut = true
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          child.kill('SIGKILL')
        }
      }
    }, options.timeoutMs)
    const finish = (code: number | null, spawnError?: Error) => {
      clearTimeout(timer)
      resolve({
        code,
        stdout,
        stderr: spawnError === undefined ? stderr : `${stderr}${spawnError.message}\n`,
        timedOut,
        ms: performance.now() - started,
      })
    }
    child.on('error', (error) => finish(null, error))
    child.on('close', (code) => finish(code))
  })
}

/** Why a command failed, in one line: its timeout, or the most telling line of its output. */
export function describeFailure(command: string, result: CommandResult): string {
  if (result.timedOut) return `${command} timed out after ${Math.round(result.ms / 1000)} s`
  const lines = `${result.stderr}\n${result.stdout}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  // npm's code line says little alone ("ETARGET"); the line after it says what was wrong.
  const npmCode = lines.findIndex((line) => /^npm (error|ERR!) code /.test(line))
  const npmReason =
    npmCode === -1
      ? undefined
      : [lines[npmCode], lines[npmCode + 1]]
          .filter((line) => line?.startsWith('npm '))
          .map((line) => line?.replace(/^npm (error|ERR!) /, ''))
          .join(': ')
  const telling =
    lines.find((line) => line.startsWith('REASON ')) ??
    lines.find((line) => /error TS\d+/.test(line)) ??
    npmReason ??
    lines.find((line) => /^(\w+Error|Error)\b/.test(line)) ??
    lines.at(-1)
  const reason = telling?.replace(/^REASON /, '') ?? 'no output'
  return `${command} exited with ${result.code ?? 'a signal'}: ${reason}`
}
