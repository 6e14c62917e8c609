import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { decodeConfirmedTransaction } from '../../src/actions/getTransaction'
import { balanceChanges, transactionFee } from '../../src/books/balanceChanges'
import type { BalanceChange } from '../../src/books/types'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import { parseJson } from '../../src/json/parseJson'
import type { U64Mode } from '../../src/schemas/common'

// balanceChanges on real node records (test/fixtures/recorded, provenance in its manifest.json).
// Every expected value below was computed by hand from the recorded JSON text: the lamport
// entries from `postBalances[i] - preBalances[i]` at the account index given, the token entries
// from `uiTokenAmount.amount`, the keys from `accountKeys` (then `loadedAddresses`).

const DIR = join(import.meta.dirname, '../fixtures/recorded')
const MODES: readonly U64Mode[] = ['bigint', 'number']

function record<E extends 'json' | 'jsonParsed'>(file: string, encoding: E, mode: U64Mode) {
  const parsed = parseJson(readFileSync(join(DIR, file), 'utf8')) as { result?: unknown }
  const result = 'result' in (parsed as object) ? parsed.result : parsed
  const decoded = decodeConfirmedTransaction(result, encoding, mode, { method: 'getTransaction' })
  if (decoded === null) throw new Error(`${file}: null record`)
  return decoded
}

const change = (
  account: string,
  asset: string,
  owner: string | null,
  before: bigint,
  after: bigint,
  decimals: number,
): BalanceChange => ({ account, asset, owner, before, after, delta: after - before, decimals })

const WSOL = 'So11111111111111111111111111111111111111112'

describe.each(MODES)('balanceChanges on recorded records (u64: %s)', (mode) => {
  it('a v0 swap: loaded writable keys index balances and token balances (audius, mainnet 2023)', () => {
    const tx = record('audius-transaction-v0-jupiter-2023.json', 'json', mode)
    const changes = balanceChanges(tx)
    const payer = '8dbEDtUgZZ3EFFGfeAg65cCiBCrj4ccxGeijQFiVwxjt'
    // Index 0: 5738474176 -> 5738469162 (the fee 5014); 6 and 9: the payer's token accounts.
    expect(changes.filter((entry) => entry.owner === payer)).toEqual([
      change(payer, 'SOL', payer, 5_738_474_176n, 5_738_469_162n, 9),
      change(
        '9WyYVAkVmfnEWJsTrWgCGXSzrkBCq4XpczBRnFa1yKoS',
        '9LzCMqDgTKYz9Drzqnpgee3SGa89up3a247ypMj2xrqM',
        payer,
        35_612_273_038n,
        0n,
        8,
      ),
      change(
        'HWRNE1CVdbPWeB6DPAt6JT3Me3KqaMwm9ZHo2Qf1UFst',
        'iotEVVZLEywoTn1QdwNPddxPWszn3zFhEot3MfL9fns',
        payer,
        594_827_986_351n,
        720_158_258_034n,
        6,
      ),
    ])
    // Index 21 is loadedAddresses.writable[5] (16 static keys): 5090627106578 -> 5090360343509,
    // a wSOL account of FpCMFD… whose native token entry moved by the same 266763069.
    const pool = changes.filter(
      (entry) => entry.account === '6mQ8xEaHdTikyMvvMxUctYch6dUjnKgfoeib2msyMMi1',
    )
    expect(pool.map((entry) => [entry.asset, entry.delta])).toEqual([
      ['SOL', -266_763_069n],
      [WSOL, -266_763_069n],
    ])
    expect(transactionFee(tx)).toEqual({ payer, fee: 5_014n })
  })

  it('the same wSOL transfer in json and jsonParsed gives the same changes (solders, 2022)', () => {
    const json = balanceChanges(record('solders-block-147078735-tx1-token-json.json', 'json', mode))
    const parsed = balanceChanges(
      record('solders-block-147078735-tx1-token-jsonparsed.json', 'jsonParsed', mode),
    )
    expect(parsed).toEqual(json)
    const owner = 'BYM81n8HvTJuqZU1PmTVcwZ9G8uoji7FKM6EaPkwphPt'
    // Index 16: 35649664280 -> 35649676780 (+12500), index 21: 6315342466 -> 6315329966.
    expect(json).toEqual([
      change(
        '2KgowxogBrGqRcgXQEmqFvC3PGtCu66qERNJevYW8Ajh',
        'SOL',
        '2KgowxogBrGqRcgXQEmqFvC3PGtCu66qERNJevYW8Ajh',
        965_179_796_020n,
        965_179_791_020n,
        9,
      ),
      change(
        'FVLfR6C2ckZhbSwBzZY4CX7YBcddUSge5BNeGQv5eKhy',
        'SOL',
        owner,
        35_649_664_280n,
        35_649_676_780n,
        9,
      ),
      change(
        'FVLfR6C2ckZhbSwBzZY4CX7YBcddUSge5BNeGQv5eKhy',
        WSOL,
        owner,
        33_647_625_000n,
        33_647_637_500n,
        9,
      ),
      change(
        'H5LvDvwP3EQsm6yWy3EtiLuFJupsiYD7fWUHv34DGYip',
        'SOL',
        owner,
        6_315_342_466n,
        6_315_329_966n,
        9,
      ),
      change(
        'H5LvDvwP3EQsm6yWy3EtiLuFJupsiYD7fWUHv34DGYip',
        WSOL,
        owner,
        6_313_303_186n,
        6_313_290_686n,
        9,
      ),
    ])
    // The owner's holdings (wSOL counted once, as lamports) did not change: 12500 - 12500.
    const holdings = json
      .filter((entry) => entry.owner === owner && entry.asset === 'SOL')
      .reduce((sum, entry) => sum + entry.delta, 0n)
    expect(holdings).toBe(0n)
  })

  it('a token account closed and another created: one entry per holder (solnet, 2022)', () => {
    const changes = balanceChanges(
      record('solnet-programs-transaction-init-account3-2022.json', 'json', mode),
    )
    const mint = 'FkfMaBkeqt3GAQLoKJrMbQKWpynL51o3JgEbK1jHJ6Qg'
    const closed = 'G5DGY3gV99i1834uCSrhUiVNEzhSEyHfARXd3tWXqrzE'
    const created = 'GDZzNq3B69BdUAHEijjY5QZW2VKoHKYmPZFJi64uTWbK'
    const oldOwner = '1BWutmTvYPwDtmw9abTkS4Ssr8no61spGAvW1X6NDix'
    const newOwner = 'C4Pxqsppptwq766W3nmfuWxvENQ9xmVwVkdYHqzUGKo9'
    // Index 1: pre token entry only (amount 1), lamports 2039280 -> 0: closed.
    expect(changes.filter((entry) => entry.account === closed)).toEqual([
      change(closed, 'SOL', oldOwner, 2_039_280n, 0n, 9),
      change(closed, mint, oldOwner, 1n, 0n, 0),
    ])
    // Index 6: post token entry only, lamports 0 -> 2039280: created for C4Pxqs….
    expect(changes.filter((entry) => entry.account === created)).toEqual([
      change(created, 'SOL', newOwner, 0n, 2_039_280n, 9),
      change(created, mint, newOwner, 0n, 1n, 0),
    ])
    // Index 4 (C4Pxqs… itself): 3585986 -> 5597426.
    expect(changes.find((entry) => entry.account === newOwner)).toEqual(
      change(newOwner, 'SOL', newOwner, 3_585_986n, 5_597_426n, 9),
    )
  })

  it('token balances without owner (1.6-era storage): owner null (solnet, 2021)', () => {
    const changes = balanceChanges(
      record('solnet-programs-transaction-2021-08-a.json', 'json', mode),
    )
    const wsol = 'C9KnqWGq6wEApwAuGV4Be8oMGuxCpmgi5p4FcVN8QdGa'
    expect(changes).toEqual([
      change(
        'hoakwpFB8UoLnPpLC56gsjpY7XbVwaCuRQRMQzN5TVh',
        'SOL',
        'hoakwpFB8UoLnPpLC56gsjpY7XbVwaCuRQRMQzN5TVh',
        23_560_532_283n,
        29_560_522_283n,
        9,
      ),
      change(wsol, 'SOL', null, 6_002_039_280n, 2_039_280n, 9),
      change(wsol, WSOL, null, 6_000_000_000n, 0n, 9),
    ])
  })

  it('a token account created without owner data: the new holder unknown (blocto devnet 2021)', () => {
    const changes = balanceChanges(record('blocto-transaction-json-devnet-2021.json', 'json', mode))
    // Index 1: 0 -> 2039280 with a post token entry (amount 0, no owner): only the lamports moved.
    expect(
      changes.map((entry) => [entry.account.slice(0, 6), entry.asset, entry.owner, entry.delta]),
    ).toEqual([
      ['27kVX7', 'SOL', changes[0]?.account, -2_044_280n],
      ['AyHWro', 'SOL', null, 2_039_280n],
    ])
  })

  it('failed transactions move only the fee, legacy and v1 alike', () => {
    const failed = record(
      'chainstorage-block-241043141-tx0-jsonparsed-failed.json',
      'jsonParsed',
      mode,
    )
    expect(balanceChanges(failed).map((entry) => [entry.owner, entry.asset, entry.delta])).toEqual([
      [transactionFee(failed)?.payer, 'SOL', -5_000n],
    ])
    const v1 = record('dymension-block-449391489-tx0-v1-json.json', 'json', mode)
    expect(v1.version).toBe(1)
    const [only, ...rest] = balanceChanges(v1)
    expect(rest).toEqual([])
    expect(only?.delta).toBe(-5_003n)
    expect(transactionFee(v1)).toEqual({ payer: only?.account, fee: 5_003n })
  })

  it('a v0 record in jsonParsed without loadedAddresses (docs, 2022)', () => {
    const changes = balanceChanges(
      record('docs-exchange-2022-transaction-v0-jsonparsed.json', 'jsonParsed', mode),
    )
    // 2078783740 -> 2078778739 (fee 5000 and 1 lamport sent), 26396753105 -> 26396753106.
    expect(changes.map((entry) => entry.delta)).toEqual([-5_001n, 1n])
  })

  it('no token balances at all (2020 docs) and meta: null (chainstorage)', () => {
    const old = record('docs-2020-04-confirmed-transaction-json.json', 'json', mode)
    expect(balanceChanges(old).map((entry) => entry.delta)).toEqual([-18_000n])
    const bare = record('chainstorage-block-1021085-tx0-meta-null.json', 'json', mode)
    expect(balanceChanges(bare)).toEqual([])
    expect(transactionFee(bare)).toBeUndefined()
  })

  it('a record trimmed upstream (balances of keys it no longer lists) is a typed error', () => {
    const trimmed = record('solana-go-parsed-transaction-wormhole-2022.json', 'jsonParsed', mode)
    const error = (() => {
      try {
        balanceChanges(trimmed)
      } catch (caught) {
        return caught
      }
      return undefined
    })()
    expect(isConfirmedRpcError(error, 'RESPONSE_SHAPE')).toBe(true)
    expect(isConfirmedRpcError(error, 'RESPONSE_SHAPE') && error.context.path).toBe(
      '$.meta.preTokenBalances[0].accountIndex',
    )
  })
})
