import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { applyPatch, parsePatch } from 'diff'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXPECTED, INPUT, ROOT } from './migrateFixtures'
import { tempProject } from './tempProject'

// The built program (dist/cli/main.js, package.json `bin`) run as a process, as `npx
// confirmed-rpc` runs it. `npm run test:slow` builds dist/ first.
const execFileAsync = promisify(execFile)
const BUILT = resolve(ROOT, 'dist/cli/main.js')

type Outcome = Readonly<{ code: number; stdout: string; stderr: string }>

async function cli(main: string, args: readonly string[], cwd: string): Promise<Outcome> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [main, ...args], {
      cwd,
      timeout: 60_000,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string }
    if (typeof failed.code !== 'number') throw error
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

const projects: { dispose: () => void }[] = []
afterAll(() => {
  for (const project of projects) project.dispose()
})
function project(names: readonly string[], nodeModules: boolean) {
  const created = tempProject(names, { nodeModules })
  projects.push(created)
  return created.dir
}
const expected = (name: string) => readFileSync(resolve(EXPECTED, name), 'utf8')
const original = (name: string) => readFileSync(resolve(INPUT, name), 'utf8')

beforeAll(() => {
  if (!existsSync(BUILT)) {
    throw new Error('dist/cli is missing: `npm run test:slow` builds it first; run `npm run build`')
  }
})

describe.concurrent('the built confirmed-rpc program', () => {
  it('is an ES module with a node shebang, named by package.json bin', () => {
    const manifest = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
      bin: Record<string, string>
    }
    expect(resolve(ROOT, manifest.bin['confirmed-rpc'] ?? '')).toBe(BUILT)
    expect(readFileSync(BUILT, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node')
  })

  it('--help and migrate --help exit 0; a bad argument exits 2', async () => {
    const [main, migrate, bad] = await Promise.all([
      cli(BUILT, ['--help'], ROOT),
      cli(BUILT, ['migrate', '--help'], ROOT),
      cli(BUILT, ['migrate', '--wirte', 'src'], ROOT),
    ])
    expect(main.code).toBe(0)
    expect(main.stdout).toContain('  migrate      rewrite web3.js v1 calls')
    expect(migrate.code).toBe(0)
    expect(migrate.stdout).toContain('-p, --project <tsconfig>')
    expect(bad).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "confirmed-rpc migrate: unknown option '--wirte' (did you mean --write?)\nRun 'confirmed-rpc migrate --help' for usage.\n",
    })
  })

  it('prints a diff that applies to the expected output, and exits 0', async () => {
    // Samples whose output does not depend on exactOptionalPropertyTypes (no tsconfig here).
    const names = ['awaited.ts', 'chained.ts', 'nothing.ts']
    const dir = project(names, true)
    const { code, stdout, stderr } = await cli(BUILT, ['migrate', 'src'], dir)
    expect(code).toBe(0)
    const patches = parsePatch(stdout)
    expect(patches.map((patch) => patch.newFileName)).toEqual([
      'b/src/awaited.ts',
      'b/src/chained.ts',
    ])
    for (const [index, patch] of patches.entries()) {
      expect(applyPatch(original(names[index] ?? ''), patch)).toBe(expected(names[index] ?? ''))
    }
    expect(stderr).toMatch(/\n10 rewritten, 1 left with a comment, 0 ignored .*\n$/)
  })

  it('--write writes; a file it cannot parse makes it exit 1', async () => {
    const dir = project(['classMember.ts'], true)
    writeFileSync(join(dir, 'src/broken.mjs'), 'export default {\n')
    const { code, stdout, stderr } = await cli(BUILT, ['migrate', '--write', 'src'], dir)
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(readFileSync(join(dir, 'src/classMember.ts'), 'utf8')).toBe(expected('classMember.ts'))
    expect(stderr).toContain('src/broken.mjs: failed: syntax error at line 2')
  })

  it('without ts-morph, migrate exits 2 telling how to install it (and --help still works)', async () => {
    // The package's dist/cli alone, where no node_modules can provide ts-morph.
    const dir = project(['awaited.ts'], false)
    const packageDir = join(dir, 'package')
    mkdirSync(packageDir)
    cpSync(resolve(ROOT, 'dist/cli'), join(packageDir, 'dist/cli'), { recursive: true })
    writeFileSync(join(packageDir, 'package.json'), '{ "type": "module", "version": "0.0.0" }\n')
    const main = join(packageDir, 'dist/cli/main.js')
    const [migrate, help] = await Promise.all([
      cli(main, ['migrate', 'src'], dir),
      cli(main, ['migrate', '--help'], dir),
    ])
    expect(migrate.code).toBe(2)
    expect(migrate.stdout).toBe('')
    expect(migrate.stderr).toContain(
      'needs ts-morph, an optional peer dependency that is not installed: run `npm i -D ts-morph`',
    )
    expect(help.code).toBe(0)
    expect(readFileSync(join(dir, 'src/awaited.ts'), 'utf8')).toBe(original('awaited.ts'))
  })

  it('is in the packed package, with the license', async () => {
    const { stdout } = await execFileAsync(
      'npm',
      ['pack', '--dry-run', '--json', '--ignore-scripts'],
      {
        cwd: ROOT,
        timeout: 60_000,
      },
    )
    const [packed] = JSON.parse(stdout) as { files: { path: string }[] }[]
    const files = packed?.files.map((file) => file.path) ?? []
    expect(files).toContain('dist/cli/main.js')
    // package.json says MIT; npm adds LICENSE to every tarball whatever `files` lists.
    expect(files).toContain('LICENSE')
    expect(files.some((file) => /^dist\/cli\/runMigrate-.*\.js$/.test(file))).toBe(true)
  })
})
