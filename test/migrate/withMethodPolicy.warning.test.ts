import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import {
  DEPRECATED_METHOD_WARNING_CODE,
  resetDeprecationWarnings,
  warnDeprecatedMethod,
} from '../../src/migrate/withMethodPolicy'

const FIXTURE = fileURLToPath(new URL('./withMethodPolicy.warning.fixture.ts', import.meta.url))

// Asynchronous, so that the two processes run side by side (describe.concurrent below): each
// spends about a second starting tsx, and a synchronous spawn would hold the worker meanwhile.
function runFixture(...nodeFlags: string[]) {
  return new Promise<{ status: number | null; stdout: string; stderr: string; notices: string[] }>(
    (resolve) => {
      execFile(
        process.execPath,
        [...nodeFlags, '--import', 'tsx', FIXTURE],
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
