import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../../src/cli/runCli'
import {
  runServeMockCommand,
  type ServeMockHost,
  type StopSignal,
} from '../../../src/cli/serveMock/runServeMockCommand'
import { readServeMockArgs } from '../../../src/cli/serveMock/serveMockArgs'
import { createClient } from '../../../src/client'
import { createMockLedger } from '../../../src/testing/createMockLedger'
import { captureIo } from '../captureIo'

// `confirmed-rpc serve-mock` in process: its arguments through the dispatcher, then the body
// with a host whose stop signals the test sends, against a client over loopback.
// (test/cli/serveMock/serveMockCommand.slow.test.ts runs it as a process, with real signals.)
const SMALL = ['--port', '0', '--transactions', '300', '--seed', '3']

async function run(args: readonly string[]) {
  const io = captureIo(process.cwd())
  const code = await runCli(args, io)
  return { code, stdout: io.out(), stderr: io.err() }
}

/** A host whose stop signals the test sends with `send`. */
function testHost() {
  let listener: ((signal: StopSignal) => void) | undefined
  let listening = 0
  const host: ServeMockHost = {
    onStop: (next) => {
      listener = next
      listening++
      return () => {
        listening--
        listener = undefined
      }
    },
  }
  return { host, send: (signal: StopSignal) => listener?.(signal), listening: () => listening }
}

/** Starts the body on `args`; resolves once it serves, with its URL and its end. */
async function serve(args: readonly string[]) {
  const io = captureIo(process.cwd())
  const { host, send, listening } = testHost()
  let served: (url: string) => void = () => {}
  const url = new Promise<string>((resolve) => {
    served = resolve
  })
  const done = runServeMockCommand(readServeMockArgs(args), io, host, served)
  return { url: await Promise.race([url, done.then(() => '')]), done, io, send, listening }
}

describe('serve-mock arguments', () => {
  it('is listed by the program and answers --help', async () => {
    const main = await run(['--help'])
    expect(main.stdout).toMatch(/\n {2}serve-mock {3}serve the mock ledger over HTTP/)
    const help = await run(['serve-mock', '--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^Usage: confirmed-rpc serve-mock \[options\]\n/)
    for (const option of ['port', 'host', 'profile', 'seed', 'transactions', 'latency', 'faults']) {
      expect(help.stdout).toContain(`--${option} <`)
    }
  })

  it.each([
    [['--port', '70000'], '--port: expected 0 to 65535, got 70000'],
    [['--port', 'http'], "--port: expected a whole number of 0 or more, got 'http'"],
    [['--seed', '1.5'], "--seed: expected a whole number, got '1.5'"],
    [['--transactions', '-1'], "--transactions: expected a whole number of 0 or more, got '-1'"],
    [['--latency', 'soon'], "--latency: expected a whole number of 0 or more, got 'soon'"],
    [['--faults', '1.5'], "--faults: expected a share from 0 to 1, got '1.5'"],
    [['--faults', '0.1', '--latency', '20'], '--latency and --faults cannot be combined'],
    [['--host', ''], '--host: expected an interface'],
    [['extra'], 'takes no arguments, got: extra'],
    [['--prot', '1'], "unknown option '--prot' (did you mean --port?)"],
    [['--profile', 'v9'], "--profile: expected one of 'v1.3', 'v1.6'"],
    [['--seed', '99999999999999999999'], '--seed: expected a safe integer'],
  ])('%j is a usage error (exit 2, nothing on stdout)', async (args, message) => {
    const { code, stdout, stderr } = await run(['serve-mock', ...args])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain(`confirmed-rpc serve-mock: ${message}`)
    expect(stderr).toContain("Run 'confirmed-rpc serve-mock --help' for usage.")
  })

  it('refuses a port in use with exit 2, naming the way out', async () => {
    const busy = createServer()
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
    const { port } = busy.address() as AddressInfo
    try {
      const { code, stdout, stderr } = await run([
        'serve-mock',
        '--transactions',
        '50',
        '--port',
        String(port),
      ])
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toContain(
        `cannot listen on 127.0.0.1 port ${port}: the port is in use (pass another, or --port 0 for a free one)`,
      )
    } finally {
      await new Promise((resolve) => busy.close(resolve))
    }
  })
})

describe('serve-mock serving', () => {
  it('serves the ledger of the seed, prints addresses that have history, and stops on Ctrl-C with 130', async () => {
    const { url, done, io, send, listening } = await serve(SMALL)
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const same = createMockLedger({ seed: 3, transactions: 300 })
    const [busiest = ''] = same.addresses()
    const [owner = ''] = same.walletOwners()
    const out = io.out()
    expect(out).toContain(`mock ledger served at ${url}\n`)
    expect(out).toContain(`profile ${same.profile}, seed 3, 300 transactions`)
    expect(out).toContain(
      `busiest address  ${busiest} (${same.signatures(busiest).length} signatures`,
    )
    expect(out).toContain(
      `a wallet owner   ${owner} (its wallet history: ${same.walletEntries(owner).length} entries`,
    )
    expect(out).toContain(`confirmed-rpc history --rpc ${url} --wallet ${owner} --limit 20\n`)
    // What it prints to try is what a client gets there.
    const client = createClient({ url, u64: 'bigint', deprecationWarnings: false })
    const page = await client.getSignaturesForAddress(busiest, { limit: 50 })
    expect(page.map((info) => info.signature)).toEqual(
      same
        .signatures(busiest)
        .slice(0, 50)
        .map((info) => info.signature),
    )
    const owned = await client.request('getTokenAccountsByOwner', [
      owner,
      { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' },
      { encoding: 'base64' },
    ])
    expect((owned as { value: unknown[] }).value.length).toBeGreaterThan(0)
    send('SIGINT')
    expect(await done).toBe(130)
    expect(listening()).toBe(0)
    expect(io.err()).toMatch(/stopped \(SIGINT\) after 2 requests\n$/)
    // Closed: nothing answers there any more.
    await expect(fetch(url, { method: 'POST', body: '{}' })).rejects.toThrow()
  })

  it('stops on SIGTERM with 0', async () => {
    const { url, done, send } = await serve(SMALL)
    expect(url).not.toBe('')
    send('SIGTERM')
    expect(await done).toBe(0)
  })

  it('stops with 130 on a Ctrl-C while the ledger is built, before listening', async () => {
    const io = captureIo(process.cwd())
    const host: ServeMockHost = {
      onStop: (listener) => {
        listener('SIGINT')
        return () => {}
      },
    }
    expect(await runServeMockCommand(readServeMockArgs(SMALL), io, host)).toBe(130)
    expect(io.out()).toBe('')
  })

  it('answers every request --latency late, and as the ledger would', async () => {
    const { url, done, send } = await serve([...SMALL, '--latency', '120'])
    const same = createMockLedger({ seed: 3, transactions: 300 })
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot', params: [] })
    const started = performance.now()
    const answer = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    })
    expect(performance.now() - started).toBeGreaterThanOrEqual(115)
    expect(await answer.text()).toBe(same.handleText(body))
    send('SIGTERM')
    expect(await done).toBe(0)
  })

  it('makes a share of requests fail with --faults', async () => {
    const { url, done, send } = await serve([...SMALL, '--faults', '1'])
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot', params: [] })
    const statuses: (number | string)[] = []
    for (let i = 0; i < 8; i++) {
      const answer = await fetch(url, { method: 'POST', body }).then(
        (response) => response.status,
        () => 'reset',
      )
      statuses.push(answer)
    }
    expect(statuses.filter((status) => status !== 200).length).toBeGreaterThan(2)
    send('SIGTERM')
    expect(await done).toBe(0)
  })
})
