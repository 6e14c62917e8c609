import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

// `backfill` and `worker` as processes (`node --import tsx src/cli/main.ts`) in a project where
// the optional peers bullmq and ioredis are not installed: a module hook refuses to resolve them,
// with the error Node gives for a package that is not there. Both commands must say what to
// install and exit 2, before connecting anywhere or writing anything.
const execFileAsync = promisify(execFile)
const ROOT = resolve(import.meta.dirname, '../../..')
const MAIN = resolve(ROOT, 'src/cli/main.ts')
const TSX = pathToFileURL(resolve(ROOT, 'node_modules/tsx/dist/loader.mjs')).href
const ADDRESS = 'Vote111111111111111111111111111111111111111'

const dir = mkdtempSync(join(tmpdir(), 'backfill-peers-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// Registered after tsx's, so that it is asked first.
const HOOKS = `
export async function resolve(specifier, context, next) {
  if (/^(bullmq|ioredis)(\\/|$)/.test(specifier)) {
    const error = new Error(\`Cannot find package '\${specifier}' imported from \${context.parentURL}\`)
    error.code = 'ERR_MODULE_NOT_FOUND'
    throw error
  }
  return next(specifier, context)
}
`
const REFUSE = join(dir, 'refusePeers.mjs')
writeFileSync(
  REFUSE,
  `import { register } from 'node:module'\nregister('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}))\n`,
)
writeFileSync(join(dir, 'addresses.txt'), `${ADDRESS}\n`)

async function cli(args: readonly string[]) {
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      ['--import', TSX, '--import', pathToFileURL(REFUSE).href, MAIN, ...args],
      { cwd: dir, timeout: 60_000, env: { ...process.env, REDIS_URL: '', RPC_URL: '' } },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string }
    if (typeof failed.code !== 'number') throw error
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

describe.concurrent('backfill and worker without bullmq and ioredis installed', () => {
  // Port 1: nothing listens there; the commands must not get as far as trying.
  const redis = 'redis://127.0.0.1:1'

  it('backfill says what to install and exits 2', async () => {
    const outcome = await cli(['backfill', '--redis', redis, '--queue', 'q', 'addresses.txt'])
    expect(outcome).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "confirmed-rpc backfill: this command needs bullmq and ioredis: npm install bullmq ioredis\nRun 'confirmed-rpc backfill --help' for usage.\n",
    })
  })

  it('worker says the same and exits 2, without creating its output directory', async () => {
    const outcome = await cli([
      'worker',
      '--redis',
      redis,
      '--queue',
      'q',
      '--rpc',
      'http://127.0.0.1:1',
      '--out',
      'out',
    ])
    expect(outcome).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "confirmed-rpc worker: this command needs bullmq and ioredis: npm install bullmq ioredis\nRun 'confirmed-rpc worker --help' for usage.\n",
    })
    expect(existsSync(join(dir, 'out'))).toBe(false)
  })

  it('--help of both still works', async () => {
    for (const name of ['backfill', 'worker']) {
      const help = await cli([name, '--help'])
      expect(help.code).toBe(0)
      expect(help.stdout).toContain(`Usage: confirmed-rpc ${name}`)
    }
  })
})
