import { describe, expect, it } from 'vitest'
import { walletHistory } from '../../src/actions'
import { createClient } from '../../src/client'
import { walletLedger } from '../support/walletSetup'

describe('what standard RPC cannot see', () => {
  it('misses an account created for the owner by someone else and closed before the owner appears in it', async () => {
    const ledger = walletLedger('v4', 11, 2_000)
    // Accounts the owner held at some point (a token account state names it) whose every
    // transaction leaves the owner out: a third party opened it with InitializeAccount3, kept
    // its close authority, handed it over with SetAuthority (the owner only in data), and closed it.
    const hidden: { account: string; owner: string; signatures: string[] }[] = []
    for (const [account, changes] of ledger.state.tokenAccounts ?? []) {
      if (changes.at(-1)?.state !== null) continue
      const owners = new Set(
        changes.flatMap((change) => (change.state === null ? [] : [change.state.owner])),
      )
      const history = ledger.state.byAddress.get(account) ?? []
      for (const owner of owners) {
        if (history.some((tx) => tx.accountKeys.includes(owner))) continue
        hidden.push({ account, owner, signatures: history.map((tx) => tx.signature) })
      }
    }
    expect(hidden.length).toBeGreaterThan(0)
    const client = createClient({ transport: ledger.transport, u64: 'bigint' })
    for (const { account, owner, signatures } of hidden.slice(0, 3)) {
      const got = new Set<string>()
      const sources = new Set<string>()
      for await (const entry of walletHistory(client, owner, { pageRetryDelayMs: 1 })) {
        got.add(entry.signature)
        for (const source of entry.sources) sources.add(source)
      }
      // Neither the walk nor the definition (the oracle) has it: no owner transaction names it.
      expect(sources.has(account)).toBe(false)
      const oracle = new Set(ledger.walletSignatures(owner))
      for (const signature of signatures) {
        expect(got.has(signature)).toBe(false)
        expect(oracle.has(signature)).toBe(false)
      }
    }
  })
})
