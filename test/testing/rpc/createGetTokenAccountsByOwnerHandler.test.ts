import { describe, expect, it } from 'vitest'
import type { LedgerProfile } from '../../../src/testing/ledger/types'
import { sharedLedger } from '../../support/sharedLedger'

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

function setup(profile: LedgerProfile) {
  const ledger = sharedLedger({ seed: 11, profile, transactions: 1_000, tokenLifecycles: true })
  const call = (params: unknown[]) =>
    ledger.handle({ jsonrpc: '2.0', id: 1, method: 'getTokenAccountsByOwner', params }) as {
      result?: {
        context: { slot: number }
        value: { pubkey: string; account: Record<string, unknown> }[]
      }
      error?: { code: number; message: string }
    }
  // The owner of the most accounts open now.
  const owners = new Map<string, number>()
  for (const changes of ledger.state.tokenAccounts?.values() ?? []) {
    const owner = changes.at(-1)?.state?.owner
    if (owner !== undefined) owners.set(owner, (owners.get(owner) ?? 0) + 1)
  }
  const [owner = ''] = [...owners].sort((a, b) => b[1] - a[1]).map(([address]) => address)
  return { ledger, call, owner }
}

describe('getTokenAccountsByOwner', () => {
  it('lists the accounts open at the frontier, closed ones gone, as base64 that starts mint ‖ owner', () => {
    const { ledger, call, owner } = setup('v2')
    const answer = call([owner, { programId: TOKEN }, { encoding: 'base64' }]).result
    const slot = ledger.state.frontiers.finalized
    expect(answer?.context.slot).toBe(slot)
    const expected = [...(ledger.state.tokenAccounts ?? [])].filter(([, changes]) => {
      let state = null as null | { owner: string; program: string }
      for (const change of changes) if (change.slot <= slot) state = change.state
      return state?.owner === owner && state.program === TOKEN
    })
    expect(answer?.value.map((entry) => entry.pubkey).sort()).toEqual(
      expected.map(([a]) => a).sort(),
    )
    for (const entry of answer?.value ?? []) {
      const [data] = entry.account.data as [string, string]
      const bytes = Buffer.from(data, 'base64')
      expect(bytes).toHaveLength(165)
      expect(entry.account.owner).toBe(TOKEN)
    }
    const sliced = call([
      owner,
      { programId: TOKEN },
      { encoding: 'base64', dataSlice: { offset: 32, length: 32 } },
    ])
    expect(sliced.result?.value[0]?.account.data).toEqual([expect.any(String), 'base64'])
  })

  it('answers jsonParsed as the account decoder, Token-2022 associated accounts with their extension', () => {
    const { call, owner } = setup('v4')
    const parsed = call([owner, { programId: TOKEN_2022 }, { encoding: 'jsonParsed' }]).result
    const withExtension = parsed?.value.find((entry) => (entry.account.space as number) === 170)
    const data = (withExtension ?? parsed?.value[0])?.account.data as {
      program: string
      parsed: { type: string; info: Record<string, unknown> }
    }
    expect(data.program).toBe('spl-token-2022')
    expect(data.parsed.type).toBe('account')
    expect(data.parsed.info.owner).toBe(owner)
    expect(data.parsed.info.state).toBe('initialized')
  })

  it('refuses what the node refuses', () => {
    const { call, owner } = setup('v1.9')
    expect(call([owner, { programId: TOKEN_2022 }, { encoding: 'base64' }]).error).toEqual({
      code: -32602,
      message: 'Invalid param: unrecognized Token program id',
    })
    expect(call([owner, { programId: TOKEN }]).error?.message).toBe(
      'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
    )
    expect(call([owner, { mint: owner }, { encoding: 'base64' }]).error?.message).toBe(
      'Invalid param: could not find mint',
    )
    expect(
      call([
        owner,
        { programId: TOKEN },
        { encoding: 'jsonParsed', dataSlice: { offset: 0, length: 8 } },
      ]).error?.code,
    ).toBe(-32600)
  })
})
