import { describe, expect, it } from 'vitest'
import { buildLedgerState } from '../../../src/testing/ledger/buildLedgerState'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../../../src/testing/ledger/programIds'

describe('a ledger with token account lives', () => {
  const state = buildLedgerState({ seed: 4, transactions: 2_000, tokenLifecycles: true })
  const changes = [...(state.tokenAccounts ?? [])]

  it('creates associated accounts through the program, closes them and opens them again at the same address', () => {
    const created = [...state.bySignature.values()].filter(
      (tx) =>
        tx.message.instructions.some(
          (ix) =>
            tx.accountKeys[ix.programIdIndex] === ASSOCIATED_TOKEN_PROGRAM_ID &&
            ix.data.length <= 1,
        ) && (tx.meta.innerInstructions ?? []).length > 0,
    )
    expect(created.length).toBeGreaterThan(5)
    const reopened = changes.filter(([, list]) =>
      list.some((c, i) => c.state === null && list[i + 1]?.state != null),
    )
    expect(reopened.length).toBeGreaterThan(0)
  })

  it('opens and closes wrapped SOL in one transaction, with no token balance for it', () => {
    const wrapped = [...state.bySignature.values()].filter((tx) => {
      const init = tx.message.instructions.find(
        (ix) => ix.data[0] === 18 && tx.accountKeys[ix.programIdIndex] === TOKEN_PROGRAM_ID,
      )
      const close = tx.message.instructions.find((ix) => ix.data[0] === 9)
      return init !== undefined && close !== undefined && init.accounts[0] === close.accounts[0]
    })
    expect(wrapped.length).toBeGreaterThan(0)
    for (const tx of wrapped) {
      const account = tx.message.instructions.find((ix) => ix.data[0] === 9)?.accounts[0] as number
      const balances = [...(tx.meta.preTokenBalances ?? []), ...(tx.meta.postTokenBalances ?? [])]
      expect(balances.some((balance) => balance.accountIndex === account)).toBe(false)
    }
  })

  it('hands accounts over by SetAuthority and lets the close authority close them', () => {
    // Opened and handed over in one transaction (the owner in data only), closed later by the
    // third party that kept the close authority.
    const handed = changes.filter(([address, list]) => {
      const open = list[0]?.state
      if (open == null || open.closeAuthority === null || open.closeAuthority === open.owner)
        return false
      const history = state.byAddress.get(address) ?? []
      return (
        list.at(-1)?.state === null && history.every((tx) => !tx.accountKeys.includes(open.owner))
      )
    })
    expect(handed.length).toBeGreaterThan(0)
  })

  it('leaves the default ledger as it was', () => {
    const plain = buildLedgerState({ seed: 4, transactions: 300 })
    const again = buildLedgerState({ seed: 4, transactions: 300, tokenLifecycles: false })
    expect([...again.bySignature.keys()]).toEqual([...plain.bySignature.keys()])
    const woven = buildLedgerState({ seed: 4, transactions: 300, tokenLifecycles: true })
    expect([...woven.bySignature.keys()]).not.toEqual([...plain.bySignature.keys()])
  })
})
