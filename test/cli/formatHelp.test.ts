import { describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/runCli'
import { captureIo } from './captureIo'

// The help screens as the program prints them: `--help`, `help <command>` and `<command> --help`.
async function run(args: readonly string[]) {
  const io = captureIo(import.meta.dirname)
  const code = await runCli(args, io)
  return { code, stdout: io.out(), stderr: io.err() }
}

describe('the help screens', () => {
  it('--help lists every command and option, each with an example, on stdout', async () => {
    const { code, stdout, stderr } = await run(['--help'])
    expect(code).toBe(0)
    expect(stderr).toBe('')
    expect(stdout).toContain('Usage: confirmed-rpc <command> [options]')
    expect(stdout).toMatch(
      /\n {2}migrate {6}rewrite web3\.js v1 calls .*\n {15}example: confirmed-rpc migrate src\n/,
    )
    expect(stdout).toMatch(/-h, --help .*\n +example: confirmed-rpc --help\n/)
    expect(stdout).toMatch(/-v, --version .*\n +example: confirmed-rpc --version\n/)
    expect(stdout).toContain(
      'Exit codes: 0 done, 2 usage or invalid input (nothing written), 1 other failures,\n' +
        '3 check: credentials refused, 4 check: endpoint unreachable, 5 worker: the queue was lost,\n' +
        '6 coverage: an output is not proven whole (the holes are listed),\n' +
        '7 books: the rows and the chain do not reconcile,\n' +
        '130 interrupted by Ctrl-C, 141 the reader of stderr left (both after recording what was done).\n',
    )
    expect((await run(['-h'])).stdout).toBe(stdout)
    expect((await run(['help'])).stdout).toBe(stdout)
  })

  it('every help screen fits in 100 columns', async () => {
    for (const args of [
      ['--help'],
      ['migrate', '--help'],
      ['history', '--help'],
      ['books', '--help'],
      ['check', '--help'],
      ['serve-mock', '--help'],
      ['backfill', '--help'],
      ['worker', '--help'],
    ]) {
      const { stdout } = await run(args)
      // Every screen ends with every exit code the program uses.
      expect(stdout).toMatch(
        /\nExit codes: 0 done, .* 1 other failures,\n3 check: .*, 4 .*, 5 worker: .*\n6 coverage: .*\n7 books: .*\n130 interrupted .*, 141 .*\n$/,
      )
      const wide = stdout.split('\n').filter((line) => line.length > 100)
      expect({ args, wide }).toEqual({ args, wide: [] })
      expect(stdout.split('\n').length).toBeGreaterThan(10)
    }
  })

  it('migrate --help lists every option with an example, wherever --help stands', async () => {
    const { code, stdout } = await run(['migrate', '--help'])
    expect(code).toBe(0)
    expect(stdout).toContain('Usage: confirmed-rpc migrate [options] <paths...>')
    expect(stdout).toMatch(
      /\n {2}-w, --write +apply the rewrites .*\n +example: confirmed-rpc migrate --write src\n/,
    )
    expect(stdout).toMatch(
      /\n {2}-p, --project <tsconfig> +the tsconfig\.json [^\n]*\n +the cwd\)\n +example: confirmed-rpc migrate --project tsconfig\.app\.json src\n/,
    )
    expect(stdout).toMatch(
      /\n {2}-h, --help +print this help and exit\n +example: confirmed-rpc migrate --help\n/,
    )
    expect(stdout).toContain('Examples:\n  confirmed-rpc migrate src ')
    expect((await run(['migrate', 'src', '-h'])).stdout).toBe(stdout)
    expect((await run(['help', 'migrate'])).stdout).toBe(stdout)
  })
})
