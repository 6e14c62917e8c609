import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import {
  afterAll,
  afterEach,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest'
import {
  DEPRECATED_METHOD_WARNING_CODE,
  resetDeprecationWarnings,
  warnDeprecatedMethod,
} from '../../src/migrate/withMethodPolicy'

const FIXTURE = fileURLToPath(new URL('./withMethodPolicy.warning.fixture.ts', import.meta.url))

// The fixture bundled once into plain JavaScript (the mock ledger and the client with it): each
// process then starts as fast as plain node, where loading it through tsx cost about a second
// of CPU a process.
let bundled: Promise<string> | undefined
function bundle(): Promise<string> {
  bundled ??= (async () => {
    // Inside node_modules, so that the packages it leaves as imports resolve from there.
    const cache = fileURLToPath(new URL('../../node_modules/.cache', import.meta.url))
    mkdirSync(cache, { recursive: true })
    const outfile = join(mkdtempSync(join(cache, 'confirmed-rpc-notice-')), 'fixture.mjs')
    await build({
      entryPoints: [FIXTURE],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      outfile,
    })
    return outfile
  })()
  return bundled
}
afterAll(async () => {
  if (bundled !== undefined) rmSync(dirname(await bundled), { recursive: true, force: true })
})

// Asynchronous, so that the two processes run side by side (describe.concurrent below).
async function runFixture(...nodeFlags: string[]) {
  const script = await bundle()
  return new Promise<{ status: number | null; stdout: string; stderr: string; notices: string[] }>(
    (resolve) => {
      execFile(
        process.execPath,
        [...nodeFlags, script],
        { encoding: 'utf8', timeout: 60_000 },
        (error, stdout, stderr) => {
          const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null
          const notices = stderr
            .split('\n')
            .filter((line) => line.includes(DEPRECATED_METHOD_WARNING_CODE))
          resolve({ status, stdout, stderr, notices })
        },
      )
    },
  )
}

describe('warnDeprecatedMethod', () => {
  let emitted: MockInstance<typeof process.emitWarning>
  beforeEach(() => {
    resetDeprecationWarnings()
    emitted = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('emits a DeprecationWarning with a code, once per method', () => {
    warnDeprecatedMethod('getConfirmedTransaction')
    warnDeprecatedMethod('getConfirmedTransaction')
    warnDeprecatedMethod('getConfirmedSignaturesForAddress2')
    expect(emitted.mock.calls.map((call) => call[1])).toEqual([
      { type: 'DeprecationWarning', code: 'CONFIRMED_RPC_DEPRECATED_METHOD' },
      { type: 'DeprecationWarning', code: 'CONFIRMED_RPC_DEPRECATED_METHOD' },
    ])
    expect(emitted.mock.calls[0]?.[0]).toMatchInlineSnapshot(
      `"getConfirmedTransaction is deprecated (nodes from 2.0 answer -32601); call getTransaction instead, as confirmed-rpc already does where the node can (docs/migration.md). Off: createClient({ deprecationWarnings: false })"`,
    )
  })

  it('emits again after the test hook resets the set', () => {
    warnDeprecatedMethod('getConfirmedTransaction')
    resetDeprecationWarnings()
    warnDeprecatedMethod('getConfirmedTransaction')
    expect(emitted).toHaveBeenCalledTimes(2)
  })
})

describe.concurrent('deprecation notice in a real process', () => {
  it('prints one notice per method for the whole process', async ({ expect }) => {
    const run = await runFixture()
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toBe('done\n')
    expect(run.notices).toHaveLength(2)
    expect(run.notices[0]).toMatch(
      /\[CONFIRMED_RPC_DEPRECATED_METHOD\] DeprecationWarning: getConfirmedSignaturesForAddress2 is deprecated/,
    )
    expect(run.notices[1]).toMatch(
      /\[CONFIRMED_RPC_DEPRECATED_METHOD\] DeprecationWarning: getConfirmedTransaction is deprecated/,
    )
  })

  it('is silenced by --no-deprecation', async ({ expect }) => {
    const run = await runFixture('--no-deprecation')
    expect(run.status, run.stderr).toBe(0)
    expect(run.notices).toEqual([])
  })
})
