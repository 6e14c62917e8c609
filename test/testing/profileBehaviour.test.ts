import { describe, expect, it } from 'vitest'
import { InvalidParamError } from '../../src/errors/ConfirmedRpcError'
import { createMockLedger, type MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile, LedgerTransaction } from '../../src/testing/ledger/types'
import { sharedLedger } from '../support/sharedLedger'

type Json = Record<string, unknown>
type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

function caller(ledger: MockLedger) {
  let id = 0
  return (method: string, params: unknown[]): Answer =>
    ledger.handle({ jsonrpc: '2.0', id: ++id, method, params }) as Answer
}

const built = new Map<LedgerProfile, MockLedger>()
/** One small ledger per profile, generated for it. */
function ledgerFor(profile: LedgerProfile): MockLedger {
  let ledger = built.get(profile)
  if (ledger === undefined) {
    ledger = sharedLedger({ seed: 4, transactions: 600, profile })
    built.set(profile, ledger)
  }
  return ledger
}

function finalizedOf(ledger: MockLedger): LedgerTransaction[] {
  const { frontiers, firstAvailableSlot } = ledger.state
  return [...ledger.state.bySignature.values()].filter(
    (tx) => tx.slot <= frontiers.finalized && tx.slot >= firstAvailableSlot,
  )
}

const ENUM_VARIANTS = '`binary`, `base64`, `base58`, `json`, `jsonParsed`'

describe('1.3: getConfirmedTransaction takes a bare encoding (Option<UiTransactionEncoding>)', () => {
  const ledger = ledgerFor('v1.3')
  const call = caller(ledger)
  const signature = finalizedOf(ledger).at(-1)?.signature as string

  it('accepts an encoding name, `{"<name>": null}` and null', () => {
    expect(call('getConfirmedTransaction', [signature, 'base64']).result).toMatchObject({
      transaction: [expect.any(String), 'base64'],
    })
    expect(call('getConfirmedTransaction', [signature, { base64: null }]).result).toMatchObject({
      transaction: [expect.any(String), 'base64'],
    })
    expect(call('getConfirmedTransaction', [signature, null]).result).toMatchObject({
      transaction: { signatures: [signature] },
    })
  })

  it.each<[unknown, string]>([
    [{ encoding: 'json' }, `unknown variant \`encoding\`, expected one of ${ENUM_VARIANTS}`],
    [
      { encoding: 'json', commitment: 'confirmed' },
      'invalid value: map, expected map with a single key',
    ],
    [{}, 'invalid value: map, expected map with a single key'],
    ['base32', `unknown variant \`base32\`, expected one of ${ENUM_VARIANTS}`],
    [5, 'invalid type: integer `5`, expected string or map'],
    [['json'], 'invalid type: sequence, expected string or map'],
    [{ json: 5 }, 'invalid type: integer `5`, expected unit'],
  ])('refuses %j with serde_json enum message', (param, message) => {
    expect(call('getConfirmedTransaction', [signature, param]).error).toEqual({
      code: -32602,
      message: `Invalid params: ${message}.`,
    })
  })

  it('has no commitment: processed is not refused and confirmed reads at the root', () => {
    const [address = ''] = ledger.addresses()
    const finalized = call('getConfirmedSignaturesForAddress2', [address, { limit: 100 }]).result
    for (const commitment of ['processed', 'confirmed', 'finalized']) {
      expect(
        call('getConfirmedSignaturesForAddress2', [address, { limit: 100, commitment }]).result,
      ).toEqual(finalized)
    }
    const newest = [...ledger.state.bySignature.values()].at(-1) as LedgerTransaction
    expect(call('getConfirmedTransaction', [newest.signature, 'json']).result).toBeNull()
  })

  it('decodes keys and signatures before checking their length', () => {
    const long = `${'2'.repeat(88)}l`
    expect(call('getConfirmedTransaction', [long]).error?.message).toBe('Invalid param: Invalid')
    const current = caller(ledgerFor('v1.18'))
    expect(current('getConfirmedTransaction', [long]).error?.message).toBe(
      'Invalid param: WrongSize',
    )
  })

  it('reports a program out of compute as the BPF loader error Custom(0x0b9f0002)', () => {
    const exhausted = finalizedOf(ledger).find((tx) =>
      JSON.stringify(tx.meta.err).includes('ProgramFailedToComplete'),
    )
    if (exhausted === undefined) throw new Error('no exhausted program call')
    const [index] = (exhausted.meta.err as { InstructionError: [number, unknown] }).InstructionError
    const expected = { InstructionError: [index, { Custom: 0x0b9f_0002 }] }
    expect(
      (call('getConfirmedTransaction', [exhausted.signature]).result as Json).meta,
    ).toMatchObject({ err: expected, status: { Err: expected } })
    expect(
      ledger.signatures(ledger.addresses()[0] ?? '').map((info) => info.err),
    ).not.toContainEqual(
      expect.objectContaining({ InstructionError: [index, 'ProgramFailedToComplete'] }),
    )
  })
})

describe('1.6 and 1.9: configs, ignored fields, stored nothing as []', () => {
  it('1.6 reads a config object with commitment, and refuses processed', () => {
    const ledger = ledgerFor('v1.6')
    const call = caller(ledger)
    const newest = finalizedOf(ledger).at(-1) as LedgerTransaction
    expect(
      call('getConfirmedTransaction', [
        newest.signature,
        { encoding: 'base64', commitment: 'confirmed' },
      ]).result,
    ).toMatchObject({ transaction: [expect.any(String), 'base64'] })
    expect(
      call('getConfirmedTransaction', [newest.signature, { commitment: 'processed' }]).error
        ?.message,
    ).toBe('Method does not support commitment below `confirmed`')
  })

  it('1.6 wrote logs and inner instructions it did not record as [] (protobuf before 1.9)', () => {
    const rows = finalizedOf(ledgerFor('v1.6')).slice(60)
    expect(rows.some((tx) => tx.meta.logMessages?.length === 0)).toBe(true)
    expect(rows.some((tx) => tx.meta.logMessages === null)).toBe(false)
    // From 1.9 a row can say "not recorded": newest rows hold null or real logs, never [].
    const newer = finalizedOf(ledgerFor('v1.9')).slice(60)
    expect(newer.some((tx) => tx.meta.logMessages === null)).toBe(true)
    expect(newer.some((tx) => tx.meta.logMessages?.length === 0)).toBe(false)
  })

  it('1.9 ignores maxSupportedTransactionVersion and minContextSlot (unknown fields then)', () => {
    const ledger = ledgerFor('v1.9')
    const call = caller(ledger)
    const newest = finalizedOf(ledger).at(-1) as LedgerTransaction
    const answer = call('getTransaction', [
      newest.signature,
      { maxSupportedTransactionVersion: 300 },
    ])
    expect(answer.error).toBeUndefined()
    expect(answer.result).not.toHaveProperty('version')
    const far = ledger.state.frontiers.processed + 1_000
    expect(
      call('getSignaturesForAddress', [ledger.addresses()[0], { limit: 2, minContextSlot: far }])
        .result,
    ).toHaveLength(2)
    const v114 = ledgerFor('v1.14')
    expect(
      caller(v114)('getSignaturesForAddress', [v114.addresses()[0], { minContextSlot: far }]).error
        ?.code,
    ).toBe(-32016)
  })

  it('holds no v0 messages, lookup tables or InsufficientFundsForRent before 1.10', () => {
    for (const profile of ['v1.3', 'v1.6', 'v1.9'] as const) {
      const ledger = ledgerFor(profile)
      const all = [...ledger.state.bySignature.values()]
      expect(all.every((tx) => tx.message.version === 'legacy')).toBe(true)
      expect(ledger.state.lookupTables.size).toBe(0)
      expect(
        all.some((tx) => JSON.stringify(tx.meta.err).includes('InsufficientFundsForRent')),
      ).toBe(false)
    }
    const v114 = [...ledgerFor('v1.14').state.bySignature.values()]
    expect(v114.some((tx) => tx.message.version === 0)).toBe(true)
    expect(
      v114.some((tx) => JSON.stringify(tx.meta.err).includes('InsufficientFundsForRent')),
    ).toBe(true)
  })

  it('refuses a state its release could not hold', () => {
    const state = ledgerFor('v1.18').state
    expect(() => createMockLedger({ state, profile: 'v1.9' })).toThrow(InvalidParamError)
    expect(() => createMockLedger({ state, profile: 'v1.9' })).toThrow(/v0 transaction/)
    expect(createMockLedger({ state, profile: 'v1.14' }).profile).toBe('v1.14')
  })
})

describe('stored token amounts', () => {
  it('read a zero uiAmount back as null (protobuf storage, 1.5.13 on)', () => {
    const ledger = ledgerFor('v1.18')
    const call = caller(ledger)
    const zero = [...finalizedOf(ledger)]
      .reverse()
      .find((tx) => (tx.meta.postTokenBalances ?? []).some((balance) => balance.amount === 0n))
    if (zero === undefined) throw new Error('no zero token balance')
    const balances = (call('getConfirmedTransaction', [zero.signature]).result as Json).meta as Json
    const amounts = (balances.postTokenBalances as Json[]).map((b) => b.uiTokenAmount as Json)
    expect(amounts).toContainEqual({
      uiAmount: null,
      decimals: expect.any(Number),
      amount: '0',
      uiAmountString: '0',
    })
  })
})

describe('order within a slot', () => {
  /** The first signature's bytes (after the one-byte signature count). */
  const bytes = (tx: LedgerTransaction) => Buffer.from(tx.wire.subarray(1, 65))

  /** A slot where the address's entries in block order differ from signature order. */
  function mixedSlot(ledger: MockLedger, address: string): number | undefined {
    const bySlot = new Map<number, LedgerTransaction[]>()
    for (const tx of ledger.state.byAddress.get(address) ?? []) {
      if (tx.slot > ledger.state.frontiers.finalized) continue
      bySlot.set(tx.slot, [...(bySlot.get(tx.slot) ?? []), tx])
    }
    for (const [slot, txs] of bySlot) {
      const sorted = [...txs].sort((a, b) => Buffer.compare(bytes(a), bytes(b)))
      if (txs.length >= 3 && sorted.some((tx, i) => tx !== txs[i])) return slot
    }
    return undefined
  }

  it('runs by signature, highest first, before 1.18 and by block position from 1.18', () => {
    const base = ledgerFor('v1.18')
    const [address = ''] = base.addresses()
    const slot = mixedSlot(base, address)
    expect(slot).toBeDefined()
    const inSlot = (profile: LedgerProfile) =>
      (
        caller(createMockLedger({ state: base.state, profile }))('getSignaturesForAddress', [
          address,
        ]).result as { signature: string; slot: number }[]
      )
        .filter((info) => info.slot === slot)
        .map((info) => info.signature)
    const inBlock = (base.state.byAddress.get(address) ?? []).filter((tx) => tx.slot === slot)
    const blockOrder = inBlock.map((tx) => tx.signature).reverse()
    expect(inSlot('v1.18')).toEqual(blockOrder)
    const bySignature = [...inBlock]
      .sort((a, b) => Buffer.compare(bytes(b), bytes(a)))
      .map((tx) => tx.signature)
    expect(inSlot('v1.14')).toEqual(bySignature)
    expect(bySignature).not.toEqual(blockOrder)
  })

  it('pages through such a slot without gaps or repeats (before is a position in that order)', () => {
    const base = ledgerFor('v1.9')
    const call = caller(base)
    const [address = ''] = base.addresses()
    const seen: string[] = []
    let before: string | undefined
    for (;;) {
      const page = call('getSignaturesForAddress', [
        address,
        before === undefined ? { limit: 7 } : { limit: 7, before },
      ]).result as { signature: string }[]
      if (page.length === 0) break
      seen.push(...page.map((info) => info.signature))
      before = page.at(-1)?.signature
    }
    expect(seen).toEqual(base.signatures(address).map((info) => info.signature))
  })
})
