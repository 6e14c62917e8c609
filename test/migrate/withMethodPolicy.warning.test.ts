import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import {
  DEPRECATED_METHOD_WARNING_CODE,
  resetDeprecationWarnings,
  warnDeprecatedMethod,
} from '../../src/migrate/withMethodPolicy'

const FIXTURE = fileURLToPath(new URL('./withMethodPolicy.warning.fixture.ts', import.meta.url))

function runFixture(...nodeFlags: string[]) {
  const child = spawnSync(process.execPath, [...nodeFlags, '--import', 'tsx', FIXTURE], {
    encoding: 'utf8',
    timeout: 60_000,
  })
  const notices = child.stderr
    .split('\n')
    .filter((line) => line.includes(DEPRECATED_METHOD_WARNING_CODE))
  return { status: child.status, stdout: child.stdout, stderr: child.stderr, notices }
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

describe('deprecation notice in a real process', () => {
  it('prints one notice per method for the whole process', () => {
    const run = runFixture()
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

  it('is silenced by --no-deprecation', () => {
    const run = runFixture('--no-deprecation')
    expect(run.status, run.stderr).toBe(0)
    expect(run.notices).toEqual([])
  })
})
