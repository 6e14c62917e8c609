import { describe, expect, it } from 'vitest'
import type { LedgerProfile } from '../../../src/testing/ledger/types'
import { sharedLedger } from '../../support/sharedLedger'

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

type Answer<T> = { result?: T; error?: { code: number; message: string; data?: unknown } }

function setup(profile: LedgerProfile) {
  const ledger = sharedLedger({ seed: 11, profile, transactions: 1_000, tokenLifecycles: true })
  const call = <T>(method: string, params: unknown[], lagSlots = 0): Answer<T> =>
    JSON.parse(
      ledger.handleText(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), { lagSlots }),
    )
  const balance = (address: string, config?: object, lagSlots = 0) =>
    call<{ context: { slot: number }; value: number }>(
      'getBalance',
      config === undefined ? [address] : [address, config],
      lagSlots,
    )
  return { ledger, call, balance }
}

/**
 * The lamports of `address` after slot `slot`, replayed from the ledger's transactions alone:
 * its first transaction's pre balance plus every later transaction's change up to the slot.
 */
function replay(
  ledger: ReturnType<typeof setup>['ledger'],
  address: string,
  slot: number,
): bigint | undefined {
  const history = ledger.state.byAddress.get(address) ?? []
  const first = history[0]
  if (first === undefined) return undefined
  let lamports = first.meta.preBalances[first.accountKeys.indexOf(address)] as bigint
  for (const tx of history) {
    if (tx.slot > slot) break
    const i = tx.accountKeys.indexOf(address)
    lamports += (tx.meta.postBalances[i] as bigint) - (tx.meta.preBalances[i] as bigint)
  }
  return lamports
}

describe('getBalance', () => {
  it("answers each address's lamports at the frontier, as its transactions' changes add up", () => {
    const { ledger, balance } = setup('v4.2')
    const slot = ledger.state.frontiers.finalized
    const addresses = ledger.addresses().slice(0, 60)
    for (const address of addresses) {
      const answer = balance(address).result
      expect(answer?.context.slot).toBe(slot)
      expect(BigInt(answer?.value ?? -1)).toBe(replay(ledger, address, slot))
    }
    // Unknown to the ledger: 0, as the node answers for an account that does not exist.
    expect(balance('Vote111111111111111111111111111111111111111').result?.value).toBe(0)
  })

  it('reads at the commitment, honours minContextSlot (1.10 on) and a lagging node', () => {
    const { ledger, balance } = setup('v4.2')
    const { confirmed, finalized } = ledger.state.frontiers
    const [busiest = ''] = ledger.addresses()
    expect(balance(busiest, { commitment: 'confirmed' }).result?.context.slot).toBe(confirmed)
    expect(BigInt(balance(busiest, { commitment: 'confirmed' }).result?.value ?? -1)).toBe(
      replay(ledger, busiest, confirmed),
    )
    expect(balance(busiest, { minContextSlot: finalized + 1 }).error).toEqual({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: finalized },
    })
    const lagged = balance(busiest, {}, 40).result
    expect(lagged?.context.slot).toBeLessThan(finalized)
    expect(BigInt(lagged?.value ?? -1)).toBe(replay(ledger, busiest, lagged?.context.slot ?? 0))
    // 1.9 had no minContextSlot: the field is ignored.
    const old = setup('v1.9')
    const oldSlot = old.ledger.state.frontiers.finalized
    expect(old.balance(busiest, { minContextSlot: oldSlot + 1 }).result?.context.slot).toBe(oldSlot)
  })

  it('refuses what the node refuses: no address, a bad key, a bad minContextSlot', () => {
    const { call, balance } = setup('v4.2')
    expect(call('getBalance', []).error?.code).toBe(-32602)
    expect(balance('not-base58!').error?.code).toBe(-32602)
    expect(
      balance('Vote111111111111111111111111111111111111111', { minContextSlot: -1 }).error?.code,
    ).toBe(-32602)
  })
})

describe('walletHoldings', () => {
  it("is getBalance plus the owner's token accounts as getTokenAccountsByOwner lists them", () => {
    for (const profile of ['v4.2', 'v1.9', 'v1.18'] as const) {
      const { ledger, call, balance } = setup(profile)
      const programs = profile === 'v1.9' ? [TOKEN] : [TOKEN, TOKEN_2022]
      for (const owner of ledger.walletOwners().slice(0, 25)) {
        const expected = new Map<string, bigint>([
          ['SOL', BigInt(balance(owner).result?.value ?? 0)],
        ])
        const add = (asset: string, value: bigint) =>
          expected.set(asset, (expected.get(asset) ?? 0n) + value)
        for (const programId of programs) {
          const listed = call<{
            value: {
              account: {
                lamports: number
                data: {
                  parsed: {
                    info: { mint: string; isNative: boolean; tokenAmount: { amount: string } }
                  }
                }
              }
            }[]
          }>('getTokenAccountsByOwner', [owner, { programId }, { encoding: 'jsonParsed' }])
          for (const { account } of listed.result?.value ?? []) {
            const { info } = account.data.parsed
            add('SOL', BigInt(account.lamports))
            if (!info.isNative) add(info.mint, BigInt(info.tokenAmount.amount))
          }
        }
        expect(new Map(ledger.walletHoldings(owner))).toEqual(expected)
      }
    }
  })

  it('as of an older slot: the token accounts open then, the lamports then', () => {
    const { ledger } = setup('v4.2')
    const [owner = ''] = ledger.walletOwners()
    const history = ledger.state.byAddress.get(owner) ?? []
    const middle = history[Math.floor(history.length / 2)]?.slot ?? 0
    const holdings = ledger.walletHoldings(owner, { slot: BigInt(middle) })
    let sol = replay(ledger, owner, middle) ?? 0n
    for (const [address, changes] of ledger.state.tokenAccounts ?? []) {
      const open = changes.filter((change) => change.slot <= middle).at(-1)?.state
      if (open?.owner !== owner) continue
      sol += replay(ledger, address, middle) ?? open.lamports
    }
    expect(holdings.get('SOL')).toBe(sol)
  })
})
