import { execFile } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')
const examples = readdirSync(resolve(root, 'examples'))
  .filter((name) => name.endsWith('.ts'))
  .sort()

// Lines each example must print against the mock ledger: proof that it did its job, not only
// that it exited. An example missing here must still exit 0 and print something.
const expectedOutput: Readonly<Record<string, readonly RegExp[]>> = {
  'actions.ts': [
    /^getConfirmedSignaturesForAddress2: 3 entries, newest in slot \d+$/m,
    /^getConfirmedTransaction: slot \d+, fee \d+ \(a bigint\)$/m,
    /^bare transport on the new node: -32601 Method not found$/m,
    /^with the policy on the new node: 3 entries, same as the old node: true$/m,
    /^signaturesForAddress: 2500 entries$/m,
  ],
  'demo.ts': [
    /^confirmed-rpc demo against a mock v4\.2 node at http:\/\/127\.0\.0\.1:\d+\/$/m,
    /^1\. The newest 10 transactions of /m,
    /^ {3}slot \d+ .* (ok|failed) /m,
    /^2\. Transaction .* \(version (legacy|0|1)\) in four encodings$/m,
    /^ {3}jsonParsed {2}\d+ of \d+ instructions parsed/m,
    /^ {3}base64 .*'base64'\] \(\d+ characters\)$/m,
    /^ {3}base58 .*'base58'\] \(\d+ characters\)$/m,
    /^3\. Transaction .* failed\n {3}err: /m,
    /^ {3}u64 'bigint' \(the default\): slot \d+n, fee \d+n \(bigint\)$/m,
    /u64 'number' throws UNSAFE_INTEGER/,
  ],
  'failover.ts': [
    /^cooldown: http:\/\/127\.0\.0\.1:\d+\/ for 60000 ms after HTTP_ERROR$/m,
    /^cooldown: http:\/\/127\.0\.0\.1:\d+\/ for \d+ ms after NETWORK_ERROR$/m,
    /^walked (\d+) entries, expected \1$/m,
    /^getConfirmedSignaturesForAddress2: 3 entries$/m,
    // The rate-limited endpoint was asked once; the one that went down served the first pages.
    /^requests per endpoint: 1, [2-9]\d*, \d+$/m,
  ],
  'migrate.ts': [
    /web3\.js v1 getConfirmedSignaturesForAddress2 failed: .*Method not found/,
    /confirmed-rpc getConfirmedSignaturesForAddress2: 3 entries/,
    /methods sent: getSignaturesForAddress, getTransaction(, getTransaction)*\n/,
  ],
  'paginate.ts': [/^done: [\d,]+ signatures in \d+ pages$/m],
}

// The environment a CI job has: no RPC_URL, so every example serves its own mock ledger.
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !['RPC_URL', 'ADDRESS', 'LIMIT', 'PAGE_SIZE', 'RESUME'].includes(name),
  ),
)

describe('examples/ run against the mock ledger', () => {
  it('has examples to run', () => {
    expect(examples).toContain('demo.ts')
  })

  it.each(examples)(
    '%s exits 0 and prints what it promises',
    async (name) => {
      // Async on purpose: a sync child would block the event loop of the servers it talks to.
      const { stdout } = await run(process.execPath, ['--import', 'tsx', `examples/${name}`], {
        cwd: root,
        env,
        timeout: 60_000,
        maxBuffer: 16 * 1024 * 1024,
      })
      expect(stdout.trim()).not.toBe('')
      for (const pattern of expectedOutput[name] ?? []) expect(stdout).toMatch(pattern)
    },
    90_000,
  )
})
