import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/cli/runCli'
import { type JsonRpcServer, startJsonRpcServer } from '../../support/loopbackServer'
import { captureIo } from '../captureIo'

// What `history` says while an endpoint fails, through the program in process, against
// loopback servers that never answer or answer 503: a line per retry or failover, then the
// error and exit 1; and nothing of the sort when all goes well.
const ADDRESS = 'Vote111111111111111111111111111111111111111'
const dir = mkdtempSync(join(tmpdir(), 'history-retries-'))
let silent: JsonRpcServer
let silent2: JsonRpcServer
let busy: JsonRpcServer
beforeAll(async () => {
  const never = () => new Promise<never>(() => {})
  silent = await startJsonRpcServer(never)
  silent2 = await startJsonRpcServer(never)
  busy = await startJsonRpcServer((_body, _req, res) => {
    res.writeHead(503, { 'retry-after': '0.1' }).end('overloaded')
  })
})
afterAll(async () => {
  await Promise.all([silent.close(), silent2.close(), busy.close()])
  rmSync(dir, { recursive: true, force: true })
})

async function history(args: readonly string[]) {
  const io = captureIo(dir)
  const started = performance.now()
  const code = await runCli(['history', ...args], io)
  return { code, stdout: io.out(), stderr: io.err(), ms: performance.now() - started }
}

/** The line of the command's error (its details follow it). */
const errorOf = (text: string) =>
  text.split('\n').find((line) => line.startsWith('confirmed-rpc history: '))

// A wait as the progress line writes durations: `250 ms`, `1.2 s`.
const WAIT = '(\\d+ ms|\\d+\\.\\d s)'
const linesOf = (text: string) => text.split('\n').filter((line) => line !== '')

describe('history on an endpoint that fails', () => {
  it('--timeout bounds each attempt; each retry is a line naming the endpoint, why, k of n and the wait', async () => {
    const { code, stdout, stderr, ms } = await history([
      '--rpc',
      `${silent.url}/?api-key=SECRET1`,
      '--timeout',
      '150',
      '--limit',
      '5',
      ADDRESS,
    ])
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(silent.requests.length).toBe(4)
    // Four attempts of 150 ms and three waits of at most 250, 500 and 1000 ms (with a margin for
    // a loaded machine): without --timeout, each attempt alone would wait 30 s.
    expect(ms).toBeLessThan(10_000)
    const lines = linesOf(stderr)
    const endpoint = `${silent.url}/?api-key=***`
    for (const attempt of [1, 2, 3]) {
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^history: ${escapeRegExp(endpoint)}: no answer within 150 ms \\(getSignaturesForAddress, attempt ${attempt} of 4\\); next try in ${WAIT}$`,
          ),
        ),
      )
    }
    expect(errorOf(stderr)).toBe('confirmed-rpc history: No complete answer within 150 ms.')
    expect(stderr).not.toContain('SECRET1')
  })

  it("names the HTTP status and waits the server's Retry-After", async () => {
    const { code, stderr } = await history(['--rpc', busy.url, '--limit', '5', ADDRESS])
    expect(code).toBe(1)
    const retries = linesOf(stderr).filter((line) => line.includes('next try'))
    expect(retries).toEqual(
      [1, 2, 3].map(
        (attempt) =>
          `history: ${busy.url}/: HTTP 503 (getSignaturesForAddress, attempt ${attempt} of 4); next try in 100 ms`,
      ),
    )
    expect(errorOf(stderr)).toBe(
      'confirmed-rpc history: The server answered HTTP 503 Service Unavailable.',
    )
  })

  it('with two --rpc, says when a call moves on to another endpoint and when it waits for one', async () => {
    const { code, stderr } = await history([
      '--rpc',
      silent.url,
      '--rpc',
      silent2.url,
      '--timeout',
      '100',
      '--limit',
      '5',
      ADDRESS,
    ])
    expect(code).toBe(1)
    const lines = linesOf(stderr)
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^history: ${escapeRegExp(silent.url)}/: no answer within 100 ms \\(getSignaturesForAddress\\); it rests ${WAIT}, calls go to the other endpoints meanwhile$`,
        ),
      ),
    )
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^history: ${escapeRegExp(silent2.url)}/: no answer within 100 ms .*; it rests `,
        ),
      ),
    )
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^history: every endpoint rests: next try at http://127\\.0\\.0\\.1:\\d+/ in ${WAIT} \\(getSignaturesForAddress\\)$`,
        ),
      ),
    )
    expect(errorOf(stderr)).toBe('confirmed-rpc history: Every endpoint failed, after 4 attempts.')
  })

  it('--quiet leaves the retry lines out; the error is still printed', async () => {
    const { code, stderr } = await history(['--rpc', busy.url, '--quiet', '--limit', '5', ADDRESS])
    expect(code).toBe(1)
    expect(linesOf(stderr)).toHaveLength(
      linesOf(stderr).filter((line) => !line.startsWith('history: ')).length,
    )
    expect(stderr).toMatch(/^confirmed-rpc history: The server answered HTTP 503/)
  })

  it.each([['0'], ['-5'], ['1.5'], ['soon'], ['2147483648']])(
    '--timeout %s is a usage error (exit 2), before any request',
    async (value) => {
      const before = silent.requests.length
      const { code, stderr } = await history(['--rpc', silent.url, '--timeout', value, ADDRESS])
      expect(code).toBe(2)
      expect(stderr).toMatch(
        /^confirmed-rpc history: --timeout: expected a whole number of milliseconds from 1 to 2147483647, got '/,
      )
      expect(silent.requests.length).toBe(before)
    },
  )
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}
