import { describe, expect, it } from 'vitest'
import { TOKEN_PROGRAM_ID } from '../../src/testing/ledger/programIds'
import type { LedgerProfile, LedgerTransaction } from '../../src/testing/ledger/types'
import { sharedLedger } from '../support/sharedLedger'

/**
 * What each release wrote, key by key, written out by hand from the upstream structs at each
 * profile's tag (`transaction-status/src/lib.rs`, `parse_accounts.rs`, `rpc_response.rs`), not
 * derived from the mock's own rules: a profile that emits a field its release did not have fails
 * here. Key order is the node's (serde writes fields in declaration order).
 */
type Shapes = Readonly<{
  deprecatedMethods: boolean
  replacementMethods: boolean
  signatureInfo: readonly string[]
  /** Lookup result without `maxSupportedTransactionVersion`. */
  result: readonly string[]
  /** getTransaction result with `maxSupportedTransactionVersion: 0` (releases with it). */
  versionedResult: readonly string[] | undefined
  /** Meta of a row the profile's own release stored, json form (returnData left out). */
  meta: readonly string[]
  metaParsed: readonly string[]
  tokenBalance: readonly string[] | undefined
  storedUiTokenAmount: readonly string[] | undefined
  parsedUiTokenAmount: readonly string[]
  reward: readonly string[] | undefined
  rawMessage: readonly string[]
  rawInstruction: readonly string[]
  rawInnerInstruction: readonly string[]
  parsedMessage: readonly string[]
  parsedAccountKey: readonly string[]
  parsedInstruction: readonly string[]
  fallbackInstruction: readonly string[]
}>

const BASE_META = ['err', 'status', 'fee', 'preBalances', 'postBalances']
const UI_AMOUNT = ['uiAmount', 'decimals', 'amount', 'uiAmountString']
const REWARD = ['pubkey', 'lamports', 'postBalance', 'rewardType', 'commission']
const RAW_MESSAGE = ['header', 'accountKeys', 'recentBlockhash', 'instructions']
const RAW_INSTRUCTION = ['programIdIndex', 'accounts', 'data']
const PARSED_INSTRUCTION = ['program', 'programId', 'parsed']
const FALLBACK_INSTRUCTION = ['programId', 'accounts', 'data']

const V1_3: Shapes = {
  deprecatedMethods: true,
  replacementMethods: false,
  signatureInfo: ['signature', 'slot', 'err', 'memo'],
  result: ['slot', 'transaction', 'meta'],
  versionedResult: undefined,
  meta: [...BASE_META, 'innerInstructions', 'logMessages'],
  metaParsed: [...BASE_META, 'innerInstructions', 'logMessages'],
  tokenBalance: undefined,
  storedUiTokenAmount: undefined,
  parsedUiTokenAmount: ['uiAmount', 'decimals', 'amount'],
  reward: undefined,
  rawMessage: RAW_MESSAGE,
  rawInstruction: RAW_INSTRUCTION,
  rawInnerInstruction: RAW_INSTRUCTION,
  parsedMessage: ['accountKeys', 'recentBlockhash', 'instructions'],
  parsedAccountKey: ['pubkey', 'writable', 'signer'],
  parsedInstruction: PARSED_INSTRUCTION,
  fallbackInstruction: FALLBACK_INSTRUCTION,
}

const V1_6: Shapes = {
  ...V1_3,
  signatureInfo: ['signature', 'slot', 'err', 'memo', 'blockTime', 'confirmationStatus'],
  result: ['slot', 'transaction', 'meta', 'blockTime'],
  meta: [
    ...BASE_META,
    'innerInstructions',
    'logMessages',
    'preTokenBalances',
    'postTokenBalances',
    'rewards',
  ],
  metaParsed: [
    ...BASE_META,
    'innerInstructions',
    'logMessages',
    'preTokenBalances',
    'postTokenBalances',
    'rewards',
  ],
  tokenBalance: ['accountIndex', 'mint', 'uiTokenAmount'],
  storedUiTokenAmount: UI_AMOUNT,
  parsedUiTokenAmount: UI_AMOUNT,
  reward: REWARD,
}

const V1_9: Shapes = {
  ...V1_6,
  replacementMethods: true,
  // maxSupportedTransactionVersion is an unknown field there: no `version`.
  versionedResult: ['slot', 'transaction', 'meta', 'blockTime'],
  tokenBalance: ['accountIndex', 'mint', 'uiTokenAmount', 'owner'],
}

const V1_14: Shapes = {
  ...V1_9,
  versionedResult: ['slot', 'transaction', 'meta', 'version', 'blockTime'],
  meta: [...V1_9.meta, 'loadedAddresses', 'computeUnitsConsumed'],
  metaParsed: [...V1_9.metaParsed, 'computeUnitsConsumed'],
  tokenBalance: ['accountIndex', 'mint', 'uiTokenAmount', 'owner', 'programId'],
  // The legacy message's missing lookups are null in jsonParsed from 1.10 to 1.14.
  parsedMessage: ['accountKeys', 'recentBlockhash', 'instructions', 'addressTableLookups'],
  parsedAccountKey: ['pubkey', 'writable', 'signer', 'source'],
}

const V1_18: Shapes = {
  ...V1_14,
  rawInstruction: [...RAW_INSTRUCTION, 'stackHeight'],
  rawInnerInstruction: [...RAW_INSTRUCTION, 'stackHeight'],
  parsedMessage: ['accountKeys', 'recentBlockhash', 'instructions'],
  parsedInstruction: [...PARSED_INSTRUCTION, 'stackHeight'],
  fallbackInstruction: [...FALLBACK_INSTRUCTION, 'stackHeight'],
}

const V4: Shapes = {
  ...V1_18,
  deprecatedMethods: false,
  signatureInfo: [...V1_18.signatureInfo, 'transactionIndex'],
  result: [...V1_18.result, 'transactionIndex'],
  versionedResult: ['slot', 'transaction', 'meta', 'version', 'blockTime', 'transactionIndex'],
  meta: [...V1_18.meta, 'costUnits'],
  metaParsed: [...V1_18.metaParsed, 'costUnits'],
}

// The node releases; the archive profiles' answers are in archiveProfiles.test.ts.
const SHAPES: Readonly<Record<Exclude<LedgerProfile, 'old-faithful' | 'superbank'>, Shapes>> = {
  'v1.3': V1_3,
  'v1.6': V1_6,
  'v1.9': V1_9,
  'v1.14': V1_14,
  'v1.18': V1_18,
  v2: { ...V1_18, deprecatedMethods: false },
  v4: V4,
  // 4.2 writes legacy and v0 rows as 4.0-4.1 do; its v1 rows: v1Transactions.test.ts.
  'v4.2': V4,
}

const PROFILES = Object.keys(SHAPES) as (keyof typeof SHAPES)[]
const ENCODINGS = ['json', 'jsonParsed', 'base58', 'base64', 'binary'] as const

type Json = Record<string, unknown>
const keys = (value: unknown) => Object.keys(value as Json)
/** Meta keys with `returnData` (1.14), which is written only when a program set it. */
const withReturnData = (meta: readonly string[]) =>
  meta.flatMap((key) => (key === 'computeUnitsConsumed' ? ['returnData', key] : [key]))
/** `allowed` without the keys a row may lack (stored by an older release), in order. */
const subsetOf = (actual: readonly string[], allowed: readonly string[]) =>
  allowed.filter((key) => actual.includes(key))

describe.each(PROFILES)('raw shapes of the %s profile', (profile) => {
  const shapes = SHAPES[profile]
  // Seed 4 has rows without meta among its oldest; base58 is served at any size.
  const ledger = sharedLedger({ seed: 4, transactions: 600, profile, base58Limit: false })
  const method = shapes.deprecatedMethods ? 'getConfirmedTransaction' : 'getTransaction'
  const historyMethod = shapes.deprecatedMethods
    ? 'getConfirmedSignaturesForAddress2'
    : 'getSignaturesForAddress'
  let id = 0
  const call = (name: string, params: unknown[]): { result?: unknown; error?: unknown } =>
    ledger.handle({ jsonrpc: '2.0', id: ++id, method: name, params }) as Json
  const lookup = (tx: LedgerTransaction, encoding: (typeof ENCODINGS)[number]) => {
    const answer = call(method, [tx.signature, encoding])
    expect(answer.error, `${tx.signature} ${encoding}`).toBeUndefined()
    return answer.result as Json
  }
  const finalized = [...ledger.state.bySignature.values()].filter(
    (tx) =>
      tx.slot <= ledger.state.frontiers.finalized &&
      tx.slot >= ledger.state.firstAvailableSlot &&
      tx.message.version === 'legacy',
  )
  /** The newest legacy row that matches: stored by the profile's own release. */
  const newest = (label: string, predicate: (tx: LedgerTransaction) => boolean) => {
    const found = [...finalized].reverse().find(predicate)
    if (found === undefined) throw new Error(`no ${label} transaction`)
    return found
  }
  const full = (tx: LedgerTransaction) =>
    !tx.metaMissing && tx.meta.logMessages !== null && tx.meta.logMessages.length > 0

  it('serves the methods its release had', () => {
    const notFound = { code: -32601, message: 'Method not found' }
    const tx = finalized.at(-1) as LedgerTransaction
    for (const [name, served] of [
      ['getConfirmedTransaction', shapes.deprecatedMethods],
      ['getConfirmedSignaturesForAddress2', shapes.deprecatedMethods],
      ['getTransaction', shapes.replacementMethods],
      ['getSignaturesForAddress', shapes.replacementMethods],
    ] as const) {
      const params = name.includes('Signatures') ? [ledger.addresses()[0]] : [tx.signature]
      const { error } = call(name, params)
      if (served) expect(error, name).toBeUndefined()
      else expect(error, name).toEqual(notFound)
    }
  })

  it('writes signature infos with exactly the release fields', () => {
    const [address = ''] = ledger.addresses()
    for (const commitment of ['finalized', 'confirmed']) {
      const infos = call(historyMethod, [address, { limit: 50, commitment }]).result as Json[]
      expect(infos.length).toBe(50)
      for (const info of infos) expect(keys(info)).toEqual(shapes.signatureInfo)
      // Memos are read from 1.6.23: before, the key is always null.
      const memos = ledger
        .signatures(address)
        .filter((info) => info.memo !== null)
        .map((info) => info.memo)
      if (profile === 'v1.3' || profile === 'v1.6') expect(memos).toEqual([])
      else expect(memos.length).toBeGreaterThan(0)
    }
  })

  it.each(ENCODINGS)('writes %s lookups with exactly the release fields', (encoding) => {
    const tx = newest('full', full)
    const result = lookup(tx, encoding)
    expect(keys(result)).toEqual(shapes.result)
    const expectedMeta = encoding === 'jsonParsed' ? shapes.metaParsed : shapes.meta
    const meta = result.meta as Json
    const withReturn = tx.meta.returnData !== undefined && shapes.meta.includes('loadedAddresses')
    expect(keys(meta)).toEqual(withReturn ? withReturnData(expectedMeta) : expectedMeta)
    const transaction = result.transaction
    if (encoding === 'binary') expect(typeof transaction).toBe('string')
    else if (encoding === 'base58' || encoding === 'base64')
      expect(transaction).toEqual([expect.any(String), encoding])
    else expect(keys(transaction)).toEqual(['signatures', 'message'])
  })

  it('writes json messages and instructions with exactly the release fields', () => {
    const tx = newest('CPI', (t) => full(t) && (t.meta.innerInstructions?.length ?? 0) > 0)
    const message = (lookup(tx, 'json').transaction as Json).message as Json
    expect(keys(message)).toEqual(shapes.rawMessage)
    for (const instruction of message.instructions as Json[])
      expect(keys(instruction)).toEqual(shapes.rawInstruction)
    const inner = (lookup(tx, 'json').meta as Json).innerInstructions as Json[]
    expect(inner.length).toBeGreaterThan(0)
    for (const entry of inner) {
      expect(keys(entry)).toEqual(['index', 'instructions'])
      for (const instruction of entry.instructions as Json[])
        expect(keys(instruction)).toEqual(shapes.rawInnerInstruction)
    }
  })

  it('writes jsonParsed messages, keys and instructions with exactly the release fields', () => {
    const tx = newest('CPI', (t) => full(t) && (t.meta.innerInstructions?.length ?? 0) > 0)
    const result = lookup(tx, 'jsonParsed')
    const message = (result.transaction as Json).message as Json
    expect(keys(message)).toEqual(shapes.parsedMessage)
    if (shapes.parsedMessage.includes('addressTableLookups'))
      expect(message.addressTableLookups).toBeNull()
    for (const key of message.accountKeys as Json[])
      expect(keys(key)).toEqual(shapes.parsedAccountKey)
    const inner = ((result.meta as Json).innerInstructions as Json[]).flatMap(
      (entry) => entry.instructions as Json[],
    )
    let parsed = 0
    let fallback = 0
    for (const instruction of [...(message.instructions as Json[]), ...inner]) {
      if ('parsed' in instruction) {
        parsed++
        expect(keys(instruction)).toEqual(shapes.parsedInstruction)
      } else {
        fallback++
        expect(keys(instruction)).toEqual(shapes.fallbackInstruction)
      }
    }
    expect(parsed).toBeGreaterThan(0)
    expect(fallback).toBeGreaterThan(0)
  })

  it('writes token balances, token amounts and rewards with exactly the release fields', () => {
    const token = newest('token', (t) =>
      shapes.tokenBalance === undefined
        ? full(t) && t.accountKeys.includes(TOKEN_PROGRAM_ID)
        : full(t) && (t.meta.postTokenBalances?.length ?? 0) > 0,
    )
    const meta = lookup(token, 'json').meta as Json
    if (shapes.tokenBalance === undefined) {
      expect(meta).not.toHaveProperty('postTokenBalances')
    } else {
      expect((meta.postTokenBalances as Json[]).length).toBeGreaterThan(0)
      for (const balance of meta.postTokenBalances as Json[]) {
        expect(keys(balance)).toEqual(shapes.tokenBalance)
        expect(keys(balance.uiTokenAmount)).toEqual(shapes.storedUiTokenAmount)
      }
    }
    const checked = newest('transferChecked', (t) =>
      t.message.instructions.some(
        (ix) =>
          t.accountKeys[ix.programIdIndex] === TOKEN_PROGRAM_ID &&
          ix.data[0] === 12 &&
          ix.data.length === 10,
      ),
    )
    const instructions = ((lookup(checked, 'jsonParsed').transaction as Json).message as Json)
      .instructions as Json[]
    const amounts = instructions
      .filter((ix) => (ix.parsed as Json | undefined)?.type === 'transferChecked')
      .map((ix) => ((ix.parsed as Json).info as Json).tokenAmount)
    expect(amounts.length).toBeGreaterThan(0)
    for (const amount of amounts) expect(keys(amount)).toEqual(shapes.parsedUiTokenAmount)
    const rent = [...finalized].reverse().find((t) => (t.meta.rewards?.length ?? 0) > 0)
    if (shapes.reward === undefined) {
      expect(meta).not.toHaveProperty('rewards')
    } else {
      expect(rent).toBeDefined()
      const rewards = (lookup(rent as LedgerTransaction, 'json').meta as Json).rewards as Json[]
      for (const reward of rewards) expect(keys(reward)).toEqual(shapes.reward)
    }
  })

  it('never writes a field the release did not have, on any row, in json or jsonParsed', () => {
    const seen = { result: new Set<string>(), meta: new Set<string>(), balance: new Set<string>() }
    for (const tx of finalized.filter((_, i) => i % 3 === 0)) {
      for (const encoding of ['json', 'jsonParsed'] as const) {
        const result = lookup(tx, encoding)
        for (const key of keys(result)) seen.result.add(key)
        if (result.meta === null) continue
        for (const key of keys(result.meta)) seen.meta.add(key)
        const balances = (result.meta as Json).postTokenBalances as Json[] | null | undefined
        for (const balance of balances ?? []) for (const key of keys(balance)) seen.balance.add(key)
      }
    }
    const allowedMeta = new Set([...shapes.meta, ...shapes.metaParsed, 'returnData'])
    expect([...seen.result].filter((key) => !shapes.result.includes(key))).toEqual([])
    expect([...seen.meta].filter((key) => !allowedMeta.has(key))).toEqual([])
    expect([...seen.balance].filter((key) => !shapes.tokenBalance?.includes(key))).toEqual([])
  })

  it('serves rows older releases stored: fields missing or null, and a few without meta', () => {
    const oldest = finalized.slice(0, 30)
    const metas = oldest.map((tx) => lookup(tx, 'json').meta as Json | null)
    expect(metas.some((meta) => meta === null)).toBe(true)
    const stored = metas.filter((meta): meta is Json => meta !== null)
    // Every profile's oldest rows predate inner instructions and logs (1.3.14 / 1.3.17).
    expect(
      stored.some((meta) => meta.logMessages === null && meta.innerInstructions === null),
    ).toBe(true)
    const allowed = withReturnData(shapes.meta)
    for (const meta of stored) expect(keys(meta)).toEqual(subsetOf(keys(meta), allowed))
    if (shapes.tokenBalance !== undefined) {
      expect(stored.some((meta) => meta.preTokenBalances === null && meta.rewards === null)).toBe(
        true,
      )
    }
    if (shapes.meta.includes('computeUnitsConsumed')) {
      expect(stored.some((meta) => !('computeUnitsConsumed' in meta))).toBe(true)
    }
  })

  it.runIf(SHAPES[profile].versionedResult !== undefined)(
    'writes `version` only where the release reads maxSupportedTransactionVersion',
    () => {
      const tx = newest('full', full)
      const answer = call('getTransaction', [
        tx.signature,
        { encoding: 'json', maxSupportedTransactionVersion: 0 },
      ])
      expect(keys(answer.result)).toEqual(shapes.versionedResult)
    },
  )
})
