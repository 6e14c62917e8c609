import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { UsageError } from '../../src/cli/command/process'
import type { CliCommand } from '../../src/cli/command/types'
import { runCli } from '../../src/cli/runCli'
import { captureIo } from './captureIo'
import { INPUT, ROOT } from './migrateFixtures'
import { tempProject } from './tempProject'

const sample = tempProject(['awaited.ts'], { nodeModules: false })
writeFileSync(join(sample.dir, 'README.md'), '# not code\n')
afterAll(() => sample.dispose())

async function run(args: readonly string[], commands?: readonly CliCommand[]) {
  const io = captureIo(sample.dir)
  const code = await runCli(args, io, commands)
  return { code, stdout: io.out(), stderr: io.err() }
}

describe('runCli (the dispatcher)', () => {
  it('--version prints the package version', async () => {
    const manifest = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
      version: string
    }
    expect(await run(['--version'])).toEqual({
      code: 0,
      stdout: `${manifest.version}\n`,
      stderr: '',
    })
  })

  it.each([
    [[], /^confirmed-rpc .*\n\nUsage: confirmed-rpc <command>/],
    [
      ['frobnicate'],
      /^confirmed-rpc: unknown command 'frobnicate' \(commands: migrate, history, books, check, plan, serve-mock, backfill, worker, coverage\)\n/,
    ],
    [['--frobnicate'], /^confirmed-rpc: unknown option '--frobnicate'/],
    [['migrate', '--write'], /^confirmed-rpc migrate: no paths given: /],
    [
      ['migrate', '--write', 'src', 'missing.ts'],
      /^confirmed-rpc migrate: path 'missing\.ts' does not exist\n/,
    ],
    [
      ['migrate', '--wirte', 'src'],
      /^confirmed-rpc migrate: unknown option '--wirte' \(did you mean --write\?\)\n/,
    ],
    [['migrate', '-x', 'src'], /^confirmed-rpc migrate: unknown option '-x'\n/],
    [
      ['migrate', '--write', '--project'],
      /^confirmed-rpc migrate: -p, --project <tsconfig>: the value is missing\n/,
    ],
    [
      ['migrate', '--project', '--write', 'src'],
      /^confirmed-rpc migrate: -p, --project <tsconfig>: expected a value, got the option '--write' \(write --project=--write if that is the value\)\n/,
    ],
    [
      ['migrate', '--write', '--write=yes', 'src'],
      /^confirmed-rpc migrate: -w, --write takes no value, got '--write=yes'\n/,
    ],
    [
      ['history', '--demo', '--limit', '-1'],
      /^confirmed-rpc history: --limit: expected a whole number, got '-1'\n/,
    ],
    [['history', '--demo', '--bogus'], /^confirmed-rpc history: unknown option '--bogus'\n/],
    [
      ['migrate', '--write', 'src/awaited.ts', 'README.md'],
      /^confirmed-rpc migrate: path 'README\.md' is not a source file \(expected \.ts \.tsx/,
    ],
    [
      ['migrate', '--project', 'nope.json', '--write', 'src'],
      /^confirmed-rpc migrate: --project 'nope\.json' does not exist\n/,
    ],
  ])('exits 2 for %j, naming what is wrong, and writes nothing', async (args, message) => {
    const { code, stdout, stderr } = await run(args)
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toMatch(message)
    expect(readFileSync(join(sample.dir, 'src/awaited.ts'), 'utf8')).toBe(
      readFileSync(resolve(INPUT, 'awaited.ts'), 'utf8'),
    )
  })

  it('runs a command from its table entry; a UsageError is exit 2, any other error exit 1', async () => {
    const seen: string[][] = []
    const history: CliCommand = {
      name: 'history',
      summary: 'export an address history',
      usage: 'confirmed-rpc history <address>',
      description: 'Exports.',
      options: {},
      examples: [{ command: 'confirmed-rpc history Vote111', does: 'export it' }],
      run: async (args, io) => {
        seen.push([...args])
        if (args[0] === 'bad') throw new UsageError("address 'bad' is not base58")
        if (args[0] === 'boom') throw new Error('the node went away')
        io.stdout('done\n')
        return 0
      },
    }
    expect(await run(['history', 'Vote111'], [history])).toEqual({
      code: 0,
      stdout: 'done\n',
      stderr: '',
    })
    expect((await run(['--help'], [history])).stdout).toContain(
      '  history   export an address history\n',
    )
    expect((await run(['history', '--help'], [history])).stdout).toContain(
      'Usage: confirmed-rpc history <address>',
    )
    expect(await run(['history', 'bad'], [history])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "confirmed-rpc history: address 'bad' is not base58\nRun 'confirmed-rpc history --help' for usage.\n",
    })
    expect(await run(['history', 'boom'], [history])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'confirmed-rpc history: the node went away\n',
    })
    expect(seen).toEqual([['Vote111'], ['bad'], ['boom']])
  })
})
