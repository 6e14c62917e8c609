import {
  AddressLookupTableAccount,
  PublicKey,
  Transaction,
  VersionedTransaction,
} from '@solana/web3.js'
import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { buildLedgerState } from '../../../src/testing/ledger/buildLedgerState'
import {
  COMPUTE_BUDGET_PROGRAM_ID,
  MEMO_PROGRAM_ID,
  MEMO_V1_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
} from '../../../src/testing/ledger/programIds'
import type { LedgerState, LedgerTransaction } from '../../../src/testing/ledger/types'
import { sharedState } from '../../support/sharedLedger'
import { splitWire, verifySignature } from './verifyHelpers'

// A ledger of legacy and v0 transactions (the v1 wire has its own tests: encodeTransaction.v1).
const small = buildLedgerState({ seed: 3, transactions: 1_000, profile: 'v1.18' })
const BUILTIN_LINE = new RegExp(
  `^Program (${SYSTEM_PROGRAM_ID}|${COMPUTE_BUDGET_PROGRAM_ID}) invoke`,
)

/** Depth of the frame a `consumed` line at `at` closes: count invokes and closes walking back. */
function frameDepth(logs: readonly string[], at: number): number {
  const opened = / invoke \[(\d+)\]$/
  let open = 0
  for (let i = at - 1; i >= 0; i--) {
    const line = logs[i] ?? ''
    if (opened.test(line)) {
      if (open === 0) return Number(opened.exec(line)?.[1])
      open--
    } else if (/ (success|failed: .*)$/.test(line) && !line.startsWith('Program log:')) open++
  }
  return 0
}
// buildLedgerState() with its defaults, built once for the files of this worker that read it.
const standard = sharedState()

function allTransactions(state: LedgerState): LedgerTransaction[] {
  return state.slots.flatMap((slot) => state.blocks.get(slot)?.transactions ?? [])
}
const smallTxs = allTransactions(small)
const standardTxs = allTransactions(standard)

describe('buildLedgerState: determinism', () => {
  it('gives identical transactions, byte for byte, for the same seed', () => {
    const again = allTransactions(
      buildLedgerState({ seed: 3, transactions: 1_000, profile: 'v1.18' }),
    )
    expect(again.map((tx) => tx.signature)).toEqual(smallTxs.map((tx) => tx.signature))
    expect(again.map((tx) => Buffer.from(tx.wire).toString('base64'))).toEqual(
      smallTxs.map((tx) => Buffer.from(tx.wire).toString('base64')),
    )
    expect(again.map((tx) => tx.meta.postBalances)).toEqual(
      smallTxs.map((tx) => tx.meta.postBalances),
    )
  })

  it('gives other signatures, slots and keys for another seed', () => {
    const other = buildLedgerState({ seed: 4, transactions: 1_000 })
    const otherSignatures = new Set(other.bySignature.keys())
    expect(smallTxs.some((tx) => otherSignatures.has(tx.signature))).toBe(false)
    expect(other.slots[0]).not.toBe(small.slots[0])
    expect(other.addresses.slice(1, 5)).not.toEqual(small.addresses.slice(1, 5))
  })

  it('holds exactly the requested number of transactions', () => {
    expect(smallTxs).toHaveLength(1_000)
    expect(small.bySignature.size).toBe(1_000)
    expect(standardTxs).toHaveLength(5_000)
    expect(buildLedgerState({ transactions: 0 }).bySignature.size).toBe(0)
    expect(allTransactions(buildLedgerState({ transactions: 7 }))).toHaveLength(7)
  })

  it('rejects a negative or fractional transaction count and an unsafe seed', () => {
    expect(() => buildLedgerState({ transactions: -1 })).toThrow(/transactions/)
    expect(() => buildLedgerState({ transactions: 1.5 })).toThrow(/transactions/)
    expect(() => buildLedgerState({ seed: 2 ** 60 })).toThrow(/seed/)
  })
})

describe('buildLedgerState: wire format and signatures', () => {
  // Over the 1,000 of `small`, every kind and both signer counts among them: signing does not
  // depend on the ledger's size, and verifying the 5,000 of `standard` took 2 s.
  it('signs every transaction: each signature verifies over the message bytes of `wire`', () => {
    expect(new Set(smallTxs.map((tx) => tx.signatures.length))).toEqual(new Set([1, 2]))
    const problems: string[] = []
    for (const tx of smallTxs) {
      const { signatures, message } = splitWire(tx.wire)
      const encoded = signatures.map((s) => bs58.encode(s))
      if (encoded.join() !== tx.signatures.join())
        problems.push(`${tx.signature}: signatures differ`)
      if (signatures.length !== tx.message.header.numRequiredSignatures) {
        problems.push(`${tx.signature}: ${signatures.length} signatures`)
      }
      for (const [i, signature] of signatures.entries()) {
        const signer = tx.message.staticAccountKeys[i] ?? ''
        if (!verifySignature(signer, message, signature))
          problems.push(`${tx.signature}: #${i} fails`)
      }
    }
    expect(problems).toEqual([])
  })

  it('fails verification once a message byte changes (the check above can fail)', () => {
    const tx = smallTxs[0] as LedgerTransaction
    const { signatures, message } = splitWire(tx.wire)
    const tampered = message.slice()
    tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 1
    const signer = tx.message.staticAccountKeys[0] ?? ''
    expect(verifySignature(signer, tampered, signatures[0] as Uint8Array)).toBe(false)
  })

  it('deserializes with @solana/web3.js into the same signatures, keys, blockhash and instructions', () => {
    const tables = [...small.lookupTables].map(
      ([key, entries]) =>
        new AddressLookupTableAccount({
          key: new PublicKey(key),
          state: {
            deactivationSlot: BigInt('18446744073709551615'),
            lastExtendedSlot: 0,
            lastExtendedSlotStartIndex: 0,
            addresses: entries.map((entry) => new PublicKey(entry)),
          },
        }),
    )
    const decodedView: unknown[] = []
    const ledgerView: unknown[] = []
    let v0 = 0
    let legacy = 0
    for (const tx of smallTxs) {
      const decoded = VersionedTransaction.deserialize(tx.wire)
      const message = decoded.message
      const view = {
        signatures: decoded.signatures.map((s) => bs58.encode(s)),
        version: message.version,
        header: message.header,
        keys: message.staticAccountKeys.map((key) => key.toBase58()),
        blockhash: message.recentBlockhash,
        instructions: message.compiledInstructions.map((ix) => ({
          programIdIndex: ix.programIdIndex,
          accounts: [...ix.accountKeyIndexes],
          data: bs58.encode(ix.data),
        })),
        reserialized: Buffer.from(decoded.serialize()).equals(Buffer.from(tx.wire)),
        lookups: message.addressTableLookups.map((lookup) => ({
          accountKey: lookup.accountKey.toBase58(),
          writableIndexes: [...lookup.writableIndexes],
          readonlyIndexes: [...lookup.readonlyIndexes],
        })),
        loaded:
          tx.message.version === 0
            ? message.getAccountKeys({ addressLookupTableAccounts: tables }).accountKeysFromLookups
            : null,
      }
      decodedView.push({
        ...view,
        loaded: view.loaded && {
          writable: view.loaded.writable.map((k) => k.toBase58()),
          readonly: view.loaded.readonly.map((k) => k.toBase58()),
        },
      })
      ledgerView.push({
        signatures: tx.signatures,
        version: tx.message.version,
        header: tx.message.header,
        keys: tx.message.staticAccountKeys,
        blockhash: tx.message.recentBlockhash,
        instructions: tx.message.instructions.map((ix) => ({
          programIdIndex: ix.programIdIndex,
          accounts: [...ix.accounts],
          data: bs58.encode(ix.data),
        })),
        reserialized: true,
        lookups: tx.message.addressTableLookups ?? [],
        loaded: tx.message.version === 0 ? tx.loadedAddresses : null,
      })
      if (tx.message.version === 0) v0++
      else legacy++
    }
    expect(decodedView).toEqual(ledgerView)
    expect(v0).toBeGreaterThan(100)
    expect(legacy).toBeGreaterThan(100)
  })

  it("passes web3.js's own signature check (an independent Ed25519 verifier) for legacy ones", () => {
    const legacy = smallTxs.filter((tx) => tx.message.version === 'legacy').slice(0, 120)
    expect(legacy.every((tx) => Transaction.from(tx.wire).verifySignatures())).toBe(true)
    expect(
      smallTxs.every(
        (tx) => tx.message.version === 0 || tx.message.addressTableLookups === undefined,
      ),
    ).toBe(true)
  })

  it('loads accounts from lookup tables in v0 messages, writable first, in lookup order', () => {
    const withLookups = smallTxs.filter((tx) => (tx.message.addressTableLookups?.length ?? 0) > 0)
    expect(withLookups.length).toBeGreaterThan(50)
    for (const tx of withLookups) {
      const expected = { writable: [] as string[], readonly: [] as string[] }
      for (const lookup of tx.message.addressTableLookups ?? []) {
        const entries = small.lookupTables.get(lookup.accountKey) ?? []
        expected.writable.push(...lookup.writableIndexes.map((i) => entries[i] ?? ''))
        expected.readonly.push(...lookup.readonlyIndexes.map((i) => entries[i] ?? ''))
      }
      expect(tx.loadedAddresses).toEqual(expected)
      expect(tx.accountKeys).toEqual([
        ...tx.message.staticAccountKeys,
        ...expected.writable,
        ...expected.readonly,
      ])
      expect(new Set(tx.accountKeys).size).toBe(tx.accountKeys.length)
      // Program ids can only come from static keys.
      for (const ix of tx.message.instructions) {
        expect(ix.programIdIndex).toBeLessThan(tx.message.staticAccountKeys.length)
      }
    }
  })

  it('orders static keys: signers writable, signers readonly, writable, readonly', () => {
    for (const tx of smallTxs) {
      const { numRequiredSignatures, numReadonlyUnsignedAccounts } = tx.message.header
      const keys = tx.message.staticAccountKeys
      const programs = new Set(tx.message.instructions.map((ix) => ix.programIdIndex))
      // Invoked programs never sit among the writable or signer keys.
      for (const index of programs) {
        expect(index).toBeGreaterThanOrEqual(keys.length - numReadonlyUnsignedAccounts)
      }
      expect(numRequiredSignatures).toBeGreaterThanOrEqual(1)
    }
  })
})

describe('buildLedgerState: balances', () => {
  it('adds up: the sum of post balances is the sum of pre balances minus the fee plus rent rewards', () => {
    const problems: string[] = []
    const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n)
    for (const tx of standardTxs) {
      const { preBalances, postBalances, fee, rewards } = tx.meta
      const rent = sum((rewards ?? []).map((reward) => reward.lamports))
      if (sum(postBalances) !== sum(preBalances) - fee + rent) problems.push(`${tx.signature}: sum`)
      if (
        preBalances.length !== tx.accountKeys.length ||
        postBalances.length !== tx.accountKeys.length
      ) {
        problems.push(`${tx.signature}: lengths`)
      }
      if (tx.meta.err !== null) {
        // A failed transaction only pays its fee.
        if (postBalances[0] !== (preBalances[0] ?? 0n) - fee)
          problems.push(`${tx.signature}: payer`)
        if (postBalances.slice(1).join() !== preBalances.slice(1).join()) {
          problems.push(`${tx.signature}: others moved`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('chains: each account starts a transaction with the balance it ended the previous one with', () => {
    const last = new Map<string, bigint>()
    const lastTokens = new Map<string, bigint>()
    const problems: string[] = []
    let checked = 0
    for (const tx of standardTxs) {
      tx.accountKeys.forEach((key, i) => {
        const before = last.get(key)
        if (before !== undefined) {
          checked++
          if (tx.meta.preBalances[i] !== before) problems.push(`${tx.signature}: ${key}`)
        }
        last.set(key, tx.meta.postBalances[i] ?? 0n)
      })
      if (tx.meta.preTokenBalances === null) {
        // Rows without token balances move amounts unseen: start over for their keys.
        for (const key of tx.accountKeys) lastTokens.delete(key)
      }
      for (const balance of tx.meta.preTokenBalances ?? []) {
        const key = tx.accountKeys[balance.accountIndex] ?? ''
        const before = lastTokens.get(key)
        if (before !== undefined && balance.amount !== before)
          problems.push(`${tx.signature}: ${key}`)
      }
      for (const balance of tx.meta.postTokenBalances ?? []) {
        lastTokens.set(tx.accountKeys[balance.accountIndex] ?? '', balance.amount)
      }
    }
    expect(problems).toEqual([])
    expect(checked).toBeGreaterThan(20_000)
  })

  it('charges 5,000 lamports per signature plus the priority fee', () => {
    const problems: string[] = []
    for (const tx of standardTxs) {
      let limit: bigint | undefined
      let price = 0n
      let others = 0n
      for (const ix of tx.message.instructions) {
        if (tx.accountKeys[ix.programIdIndex] !== COMPUTE_BUDGET_PROGRAM_ID) {
          others++
          continue
        }
        const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength)
        if (ix.data[0] === 2) limit = BigInt(view.getUint32(1, true))
        if (ix.data[0] === 3) price = view.getBigUint64(1, true)
      }
      const units = limit ?? (others * 200_000n > 1_400_000n ? 1_400_000n : others * 200_000n)
      const priority = (price * units + 999_999n) / 1_000_000n
      if (tx.meta.fee !== 5_000n * BigInt(tx.signatures.length) + priority)
        problems.push(tx.signature)
    }
    expect(problems).toEqual([])
  })

  it('keeps token balances in account order, with owner, program and decimals, and conserves supply', () => {
    let withTokens = 0
    const problems: string[] = []
    const total = (list: readonly { amount: bigint }[]) =>
      list.reduce((sum, b) => sum + b.amount, 0n)
    for (const tx of standardTxs) {
      const pre = tx.meta.preTokenBalances
      const post = tx.meta.postTokenBalances
      if (pre === null || post === null) continue
      if (post.length > 0) withTokens++
      for (const list of [pre, post]) {
        const indexes = list.map((balance) => balance.accountIndex)
        if (indexes.join() !== [...indexes].sort((a, b) => a - b).join())
          problems.push(`${tx.signature}: order`)
        for (const balance of list) {
          if (balance.decimals !== 6 && balance.decimals !== 9)
            problems.push(`${tx.signature}: decimals`)
          // Rows stored before owner (1.8) and programId (1.10.28) were recorded hold ''.
          if (balance.programId !== '' && !tx.accountKeys.includes(balance.programId))
            problems.push(`${tx.signature}: program`)
          if (balance.owner !== '' && bs58.decode(balance.owner).length !== 32)
            problems.push(`${tx.signature}: owner`)
          if (
            !tx.accountKeys.includes(balance.mint) &&
            list === post &&
            pre.length !== post.length
          ) {
            problems.push(`${tx.signature}: mint of a new account not among the keys`)
          }
        }
      }
      if (total(post) !== total(pre)) problems.push(`${tx.signature}: supply changed`)
    }
    expect(problems).toEqual([])
    expect(withTokens).toBeGreaterThan(1_000)
  })

  it('has a few balances above 2^53, in lamports and in token units', () => {
    const big = 2n ** 53n
    expect(standardTxs.some((tx) => tx.meta.preBalances.some((b) => b > big))).toBe(true)
    expect(
      standardTxs.some((tx) => (tx.meta.postTokenBalances ?? []).some((b) => b.amount > big)),
    ).toBe(true)
    const share = standardTxs.filter((tx) => tx.meta.postBalances.some((b) => b > big)).length
    expect(share).toBeLessThan(standardTxs.length / 10)
  })

  it('shows a created token account in post token balances only', () => {
    const created = standardTxs.filter(
      (tx) => (tx.meta.postTokenBalances?.length ?? 0) > (tx.meta.preTokenBalances?.length ?? 0),
    )
    expect(created.length).toBeGreaterThan(0)
    for (const tx of created) expect(tx.signatures.length).toBe(2)
  })
})

describe('buildLedgerState: meta', () => {
  const errors = standardTxs.map((tx) => tx.meta.err).filter((err) => err !== null)

  it('records failures of every kind a node commits', () => {
    const json = errors.map((err) => JSON.stringify(err))
    expect(json.some((e) => /^\{"InstructionError":\[\d+,\{"Custom":1\}\]\}$/.test(e))).toBe(true)
    expect(json.some((e) => /^\{"InstructionError":\[\d+,\{"Custom":600\d\}\]\}$/.test(e))).toBe(
      true,
    )
    expect(json.some((e) => /^\{"InstructionError":\[\d+,"InvalidAccountData"\]\}$/.test(e))).toBe(
      true,
    )
    expect(json.some((e) => /"ProgramFailedToComplete"/.test(e))).toBe(true)
    expect(json).toContain('"ProgramAccountNotFound"')
    expect(json).toContain('"InvalidProgramForExecution"')
    expect(
      json.some((e) => /^\{"InsufficientFundsForRent":\{"account_index":\d+\}\}$/.test(e)),
    ).toBe(true)
    expect(errors.length / standardTxs.length).toBeGreaterThan(0.03)
    expect(errors.length / standardTxs.length).toBeLessThan(0.2)
  })

  it('points InstructionError at the failing instruction, the one whose program logged `failed`', () => {
    for (const tx of standardTxs) {
      const err = tx.meta.err
      if (err === null || typeof err === 'string' || !('InstructionError' in err)) continue
      const [index] = err.InstructionError as [number, unknown]
      const program = tx.accountKeys[tx.message.instructions[index]?.programIdIndex ?? -1]
      const logs = tx.meta.logMessages
      if (logs === null) continue
      expect(logs.at(-1)).toBe(`Program ${program} failed: ${logs.at(-1)?.split(' failed: ')[1]}`)
    }
  })

  it('names InsufficientFundsForRent after a new account that ends below rent exemption', () => {
    for (const tx of standardTxs) {
      const err = tx.meta.err
      if (err === null || typeof err === 'string' || !('InsufficientFundsForRent' in err)) continue
      const { account_index } = err.InsufficientFundsForRent as { account_index: number }
      expect(tx.meta.preBalances[account_index]).toBe(0n)
      expect(tx.meta.postBalances[account_index]).toBe(0n)
    }
  })

  it('writes logs the way programs do, with consumed units for non-builtin programs', () => {
    const logs = standardTxs.flatMap((tx) => tx.meta.logMessages ?? [])
    const program = '[1-9A-HJ-NP-Za-km-z]{32,44}'
    const shapes = [
      new RegExp(`^Program ${program} invoke \\[[123]\\]$`),
      new RegExp(`^Program ${program} consumed \\d+ of \\d+ compute units$`),
      new RegExp(`^Program ${program} success$`),
      new RegExp(`^Program ${program} failed: .+$`),
      new RegExp(`^Program return: ${program} [A-Za-z0-9+/]+=*$`),
      /^Program log: .*$/,
      /^Transfer: insufficient lamports \d+, need \d+$/,
    ]
    expect(logs.filter((line) => !shapes.some((shape) => shape.test(line)))).toEqual([])
    expect(logs.some((line) => line.startsWith(`Program ${SYSTEM_PROGRAM_ID} consumed`))).toBe(
      false,
    )
  })

  it('matches computeUnitsConsumed with the top-level consumed lines plus builtins', () => {
    const problems: string[] = []
    for (const tx of standardTxs) {
      const logs = tx.meta.logMessages
      if (logs === null || tx.meta.computeUnitsConsumed === undefined) continue
      let units = 0n
      for (const [i, line] of logs.entries()) {
        const consumed = / consumed (\d+) of \d+ compute units$/.exec(line)
        // Only top-level frames: the invoke [1] line of the same program opened them.
        if (consumed !== null && frameDepth(logs, i) === 1) units += BigInt(consumed[1] ?? 0)
        if (line.endsWith(' invoke [1]') && BUILTIN_LINE.test(line)) units += 150n
      }
      if (units !== tx.meta.computeUnitsConsumed) problems.push(`${tx.signature}: ${units}`)
      const invoked = logs.filter((line) => line.endsWith(' invoke [1]')).length
      if (tx.meta.err === null && invoked !== tx.message.instructions.length) {
        problems.push(`${tx.signature}: ${invoked} top-level invocations`)
      }
    }
    expect(problems).toEqual([])
  })

  it('records inner instructions at stack heights 2 and 3 under the instruction that made them', () => {
    const withInner = standardTxs.filter((tx) => (tx.meta.innerInstructions?.length ?? 0) > 0)
    expect(withInner.length).toBeGreaterThan(100)
    const heights = new Set<number>()
    for (const tx of withInner) {
      for (const group of tx.meta.innerInstructions ?? []) {
        expect(group.index).toBeLessThan(tx.message.instructions.length)
        expect(group.instructions.length).toBeGreaterThan(0)
        for (const inner of group.instructions) {
          heights.add(inner.stackHeight)
          expect(inner.programIdIndex).toBeLessThan(tx.accountKeys.length)
          for (const account of inner.accounts) expect(account).toBeLessThan(tx.accountKeys.length)
        }
      }
    }
    expect([...heights].sort()).toEqual([2, 3])
    expect(standardTxs.filter((tx) => tx.meta.innerInstructions === null).length).toBeGreaterThan(0)
    expect(standardTxs.filter((tx) => tx.meta.logMessages === null).length).toBeGreaterThan(0)
    expect(standardTxs.some((tx) => tx.meta.innerInstructions?.length === 0)).toBe(true)
  })

  it('sets return data from the last program that set it, as logged', () => {
    const withReturn = standardTxs.filter((tx) => tx.meta.returnData !== undefined)
    expect(withReturn.length).toBeGreaterThan(50)
    for (const tx of withReturn) {
      const last = (tx.meta.logMessages ?? [])
        .filter((line) => line.startsWith('Program return: '))
        .at(-1)
      const data = tx.meta.returnData
      expect(last).toBe(
        `Program return: ${data?.programId} ${Buffer.from(data?.data ?? []).toString('base64')}`,
      )
    }
  })

  it('reports rent collection as Rent rewards and leaves rewards empty otherwise', () => {
    const rewards = standardTxs.flatMap((tx) => tx.meta.rewards ?? [])
    expect(rewards.length).toBeGreaterThan(0)
    for (const reward of rewards) {
      expect(reward.rewardType).toBe('Rent')
      expect(reward.lamports).toBeLessThan(0n)
      expect(reward.commission).toBeNull()
    }
    expect(standardTxs.filter((tx) => tx.meta.rewards?.length === 0).length).toBeGreaterThan(4_500)
    expect(
      standardTxs.some((tx) => tx.meta.rewards === null && tx.meta.preTokenBalances === null),
    ).toBe(true)
  })
})

describe('buildLedgerState: memos', () => {
  it('formats memos as a node stores them', () => {
    const memos = smallTxs.map((tx) => tx.memo)
    expect(memos).toContain('[9] Test memo; [4] 🦖')
    expect(memos).toContain('[5] (unparseable)')
    expect(memos).toContain('[0] ')
    expect(memos.filter((memo) => memo === null).length).toBeGreaterThan(500)
  })

  it('derives the memo from the top-level memo instructions only (v1 and v3)', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
    const problems: string[] = []
    for (const tx of standardTxs) {
      const parts = tx.message.instructions
        .filter((ix) => {
          const program = tx.accountKeys[ix.programIdIndex]
          return program === MEMO_PROGRAM_ID || program === MEMO_V1_PROGRAM_ID
        })
        .map((ix) => {
          let text: string
          try {
            text = decoder.decode(ix.data)
          } catch {
            text = '(unparseable)'
          }
          return `[${ix.data.length}] ${text}`
        })
      if (tx.memo !== (parts.length === 0 ? null : parts.join('; '))) problems.push(tx.signature)
    }
    expect(problems).toEqual([])
  })

  it('fails an invalid UTF-8 memo with InvalidInstructionData but keeps its memo', () => {
    const tx = smallTxs.find((t) => t.memo === '[5] (unparseable)')
    expect(JSON.stringify(tx?.meta.err)).toMatch(/"InvalidInstructionData"/)
  })
})

describe('buildLedgerState: chain', () => {
  it('orders frontiers finalized < confirmed < processed, each with transactions of its own', () => {
    for (const state of [small, standard]) {
      const { finalized, confirmed, processed } = state.frontiers
      expect(finalized).toBeLessThan(confirmed)
      expect(confirmed).toBeLessThan(processed)
      expect(processed).toBe(state.slots.at(-1))
      expect(processed - finalized).toBeGreaterThanOrEqual(32)
      const txs = allTransactions(state)
      expect(txs.some((tx) => tx.slot > finalized && tx.slot <= confirmed)).toBe(true)
      expect(txs.some((tx) => tx.slot > confirmed)).toBe(true)
      expect(state.slots).toContain(finalized)
      expect(state.slots).toContain(confirmed)
    }
  })

  it('skips about 8% of slots, links parents, and leaves some block times null', () => {
    const slots = standard.slots
    const span = (slots.at(-1) ?? 0) - (slots[0] ?? 0) + 1
    expect(1 - slots.length / span).toBeGreaterThan(0.03)
    expect(1 - slots.length / span).toBeLessThan(0.15)
    let previous: number | undefined
    let previousHash: string | undefined
    for (const slot of slots) {
      const block = standard.blocks.get(slot)
      if (previous !== undefined) expect(block?.parentSlot).toBe(previous)
      if (previousHash !== undefined) expect(block?.previousBlockhash).toBe(previousHash)
      block?.transactions.forEach((tx, i) => {
        expect(tx.slot).toBe(slot)
        expect(tx.indexInBlock).toBe(i)
      })
      previous = slot
      previousHash = block?.blockhash
    }
    const nullTimes = slots.filter((slot) => standard.blocks.get(slot)?.blockTime === null)
    expect(nullTimes.some((slot) => slot <= standard.frontiers.finalized)).toBe(true)
    expect(
      nullTimes.some(
        (slot) => slot > standard.frontiers.finalized && slot <= standard.frontiers.confirmed,
      ),
    ).toBe(true)
    const times = slots
      .map((slot) => standard.blocks.get(slot)?.blockTime)
      .filter((t) => typeof t === 'number')
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(standard.firstAvailableSlot).toBe(slots[0])
    expect(slots.some((slot) => standard.blocks.get(slot)?.transactions.length === 0)).toBe(true)
  })

  it('uses a recent blockhash of an earlier block', () => {
    const hashes = new Set([...standard.blocks.values()].map((block) => block.previousBlockhash))
    expect(standardTxs.filter((tx) => !hashes.has(tx.message.recentBlockhash))).toEqual([])
  })
})

describe('buildLedgerState: indexes', () => {
  it('indexes every account key, programs and loaded keys included, in ledger order', () => {
    let entries = 0
    const problems: string[] = []
    for (const [address, list] of standard.byAddress) {
      entries += list.length
      for (let i = 1; i < list.length; i++) {
        const a = list[i - 1] as LedgerTransaction
        const b = list[i] as LedgerTransaction
        if (!(a.slot < b.slot || (a.slot === b.slot && a.indexInBlock < b.indexInBlock))) {
          problems.push(`${address}: out of order at ${i}`)
        }
      }
      for (const tx of list)
        if (!tx.accountKeys.includes(address)) problems.push(`${address}: stray`)
    }
    expect(problems).toEqual([])
    expect(entries).toBe(standardTxs.reduce((sum, tx) => sum + tx.accountKeys.length, 0))
    const loaded = standardTxs.find((tx) => tx.loadedAddresses.readonly.length > 0)
    const key = loaded?.loadedAddresses.readonly[0] ?? ''
    expect(standard.byAddress.get(key)).toContain(loaded)
    expect(standardTxs.every((tx) => standard.bySignature.get(tx.signature) === tx)).toBe(true)
  })

  it('lists addresses busiest first; the busiest spans several pages of 1,000', () => {
    const counts = standard.addresses.map((address) => standard.byAddress.get(address)?.length ?? 0)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    expect(standard.addresses).toHaveLength(standard.byAddress.size)
    expect(standard.addresses[0]).toBe(SYSTEM_PROGRAM_ID)
    expect(counts[0]).toBeGreaterThanOrEqual(2_500)
    // A plain wallet (a signer, not a program) is busy too.
    const hot = standard.addresses.find((address) => {
      const first = standard.byAddress.get(address)?.[0]
      return first?.message.staticAccountKeys.indexOf(address) === 0
    })
    expect(standard.byAddress.get(hot ?? '')?.length).toBeGreaterThanOrEqual(2_000)
  })
})
