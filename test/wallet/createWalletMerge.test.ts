import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { walletHistory } from '../../src/actions'
import { createClient } from '../../src/client'
import type { SignatureInfo } from '../../src/schemas/SignatureInfo'
import { createWalletMerge, readStart, type WalletMerge } from '../../src/wallet/createWalletMerge'
import type { Buffered, WalletCheckpoint, WalletPlan } from '../../src/wallet/types'
import { inOrder, payers, walletLedger } from '../support/walletSetup'

// The merge state driven one transition at a time, on hand-made pages: what each address is
// asked for, what the cut lets out, what an owner transaction reveals, and the checkpoint it
// writes and reads. walletHistory.test.ts runs it against the mock ledger's oracle.

const OWNER = 'Owner1111111111111111111111111111111111111'
const LISTED = 'Listed111111111111111111111111111111111111'
const FOUND = 'Found1111111111111111111111111111111111111'

const PLAN: WalletPlan = {
  owner: OWNER,
  commitment: undefined,
  // Room for 4 buffered entries before addresses below the cut wait.
  pageSize: 1,
  concurrency: 1,
  pageRetries: 0,
  pageRetryDelayMs: 1,
  emptyPageChecks: 0,
  transactions: false,
  transactionVersion: 1,
  skipThrough: undefined,
  signal: undefined,
  resume: undefined,
  limit: undefined,
  provider: false,
}

/** A page of entries written `signature@slot`, newest first. */
function page(...entries: string[]): SignatureInfo<'bigint'>[] {
  return entries.map((entry) => {
    const [signature = '', slot = '0'] = entry.split('@')
    return { signature, slot: BigInt(slot), err: null, memo: null }
  })
}

function standard(plan: WalletPlan = PLAN, listed: readonly string[] = [LISTED]) {
  const merge = createWalletMerge<'bigint'>(
    plan,
    readStart(plan, undefined, { listing: { slot: 100n, accounts: listed } }),
  )
  return { merge, source: (address: string) => find(merge, address) }
}

function find(merge: WalletMerge<'bigint'>, address: string) {
  const source = merge.sources().find((each) => each.address === address)
  if (source === undefined) throw new Error(`no source ${address}`)
  return source
}

const names = (entries: readonly Buffered<'bigint'>[]) => entries.map((e) => e.info.signature)

/** Hands out everything `take` lets out now, as a walk does. */
function handOutAll(merge: WalletMerge<'bigint'>): string[] {
  const chosen = merge.select(merge.take())
  for (const { entry, yielded } of chosen) merge.handOut(entry, yielded)
  return chosen.filter((each) => each.yielded).map((each) => each.entry.info.signature)
}

describe('createWalletMerge', () => {
  it('lets out only what lies above every address still walked, newest first', () => {
    const { merge, source } = standard()
    expect(merge.due().map((each) => each.address)).toEqual([OWNER, LISTED])
    for (const each of merge.due()) merge.fetching(each)
    expect(merge.due()).toEqual([])
    merge.arrived(source(OWNER), page('o1@90', 'o2@80'))
    // The listed account has no floor yet: nothing can go.
    expect(merge.take()).toEqual([])
    expect(names(merge.uninspected())).toEqual(['o1', 'o2'])
    merge.arrived(source(LISTED), page('a1@95', 'o2@80', 'a2@70'))
    // The owner's o1 is not inspected yet: it may reveal an account with entries at 90.
    expect(handOutAll(merge)).toEqual(['a1'])
    const [o1, o2] = merge.uninspected()
    expect(() => merge.inspected(o2 as Buffered<'bigint'>, new Set())).toThrow(/out of order/)
    merge.inspected(o1 as Buffered<'bigint'>, new Set())
    // Cut: the owner's floor, 80 (o2 waits for its inspection too).
    expect(handOutAll(merge)).toEqual(['o1'])
    // The cut did not move: nothing is taken twice.
    expect(merge.take()).toEqual([])
    // The owner is at the cut; the listed account is below it, but the buffer has room.
    expect(merge.due().map((each) => each.address)).toEqual([OWNER, LISTED])
    merge.inspected(o2 as Buffered<'bigint'>, new Set())
    merge.fetching(source(OWNER))
    merge.arrived(source(OWNER), undefined)
    expect(source(OWNER).phase).toBe('walked')
    // o2 is listed by both addresses; a2 waits for the listed account's end.
    expect(handOutAll(merge)).toEqual(['o2'])
    expect(merge.finished()).toBe(false)
    merge.fetching(source(LISTED))
    merge.arrived(source(LISTED), [])
    expect(handOutAll(merge)).toEqual(['a2'])
    expect(merge.finished()).toBe(true)
    const saved = merge.checkpoint()
    expect(saved.sources).toEqual([
      { address: OWNER, kind: 'owner', start: undefined, before: 'o2', done: true },
      { address: LISTED, kind: 'listed', start: undefined, before: 'a2', done: true },
    ])
    expect(saved).toMatchObject({ upperSlot: '100', emittedAbove: '70', emittedInSlot: ['a2'] })
  })

  it('asks an address below the cut only while the buffer has room', () => {
    const { merge, source } = standard()
    for (const each of merge.due()) merge.fetching(each)
    merge.arrived(source(OWNER), page('o1@90', 'o2@89', 'o3@88', 'o4@87'))
    merge.arrived(source(LISTED), page('a1@60'))
    for (const entry of [...merge.uninspected()]) merge.inspected(entry, new Set())
    // Five buffered: no room. The owner (87) is the cut; the listed account (60) waits.
    expect(merge.due().map((each) => each.address)).toEqual([OWNER])
  })

  it('walks a revealed account from the transaction that revealed it down, d(a) in both', () => {
    const { merge, source } = standard(PLAN, [])
    merge.fetching(source(OWNER))
    merge.arrived(source(OWNER), page('o1@90', 'o2@50'))
    const [o1] = merge.uninspected()
    merge.inspected(o1 as Buffered<'bigint'>, new Set([FOUND]))
    const found = source(FOUND)
    expect(found).toMatchObject({ kind: 'discovered', start: 'o1', floor: 90n, phase: 'new' })
    // Read from its newest entry, dropping everything down to its start.
    expect(merge.readFrom(found)).toBeUndefined()
    expect(merge.due().map((each) => each.address)).toEqual([OWNER, FOUND])
    merge.fetching(found)
    merge.arrived(found, page('late@95', 'o1@90', 'f1@70'))
    merge.inspected(merge.uninspected()[0] as Buffered<'bigint'>, new Set())
    merge.fetching(source(OWNER))
    merge.arrived(source(OWNER), [])
    merge.fetching(found)
    merge.arrived(found, [])
    const taken = merge.take()
    expect(names(taken)).toEqual(['o1', 'f1', 'o2'])
    expect(taken.map((entry) => [...entry.sources].map((each) => each.address))).toEqual([
      [OWNER, FOUND],
      [FOUND],
      [OWNER],
    ])
  })

  it('reads a revealed account again from its start when the start never came', () => {
    const { merge, source } = standard(PLAN, [])
    merge.fetching(source(OWNER))
    merge.arrived(source(OWNER), page('o1@90'))
    merge.inspected(merge.uninspected()[0] as Buffered<'bigint'>, new Set([FOUND]))
    merge.fetching(source(FOUND))
    // A node behind the pool: its history ends above the start.
    merge.arrived(source(FOUND), page('late@95'))
    merge.arrived(source(FOUND), [])
    expect(source(FOUND).phase).toBe('new')
    expect(merge.readFrom(source(FOUND))).toBe('o1')
  })

  it('hands out the provider stream page by page, as it came', () => {
    const plan = { ...PLAN, provider: true }
    const merge = createWalletMerge<'bigint'>(plan, readStart(plan, undefined, { provider: true }))
    const [stream] = merge.sources()
    expect(stream).toMatchObject({ kind: 'provider', phase: 'new' })
    merge.fetching(stream as never)
    // Its own order within a slot (z before a), its last slot out at once.
    merge.arrived(stream as never, page('z@90', 'a@90', 'y@80'))
    expect(merge.upperSlot()).toBe(90n)
    expect(merge.uninspected()).toEqual([])
    expect(handOutAll(merge)).toEqual(['z', 'a', 'y'])
    merge.fetching(stream as never)
    merge.arrived(stream as never, page('x@80', 'w@70'))
    expect(handOutAll(merge)).toEqual(['x', 'w'])
    expect(merge.checkpoint()).toMatchObject({
      provider: true,
      upperSlot: '90',
      emittedAbove: '70',
      sources: [{ address: OWNER, kind: 'owner', before: 'w', done: false }],
    })
  })

  it('passes over entries down to `before` and stops at `limit`', () => {
    const plan = { ...PLAN, skipThrough: 'o2', limit: 2 }
    const { merge, source } = standard(plan, [])
    merge.fetching(source(OWNER))
    merge.arrived(source(OWNER), page('o1@90', 'o2@80', 'o3@70', 'o4@60', 'o5@50'))
    for (const entry of [...merge.uninspected()]) merge.inspected(entry, new Set())
    merge.arrived(source(OWNER), [])
    expect(handOutAll(merge)).toEqual(['o3', 'o4'])
    expect(merge.remaining()).toBe(0)
    expect(source(OWNER).before).toBe('o4')
  })

  it('resumes from its own checkpoint (through JSON) without handing anything out twice', () => {
    const { merge, source } = standard()
    for (const each of merge.due()) merge.fetching(each)
    merge.arrived(source(OWNER), page('o1@90', 'o2@80', 'o3@80'))
    merge.arrived(source(LISTED), page('a1@80', 'a2@60'))
    for (const entry of [...merge.uninspected()]) merge.inspected(entry, new Set())
    merge.arrived(source(OWNER), [])
    const taken = merge.take()
    expect(names(taken)).toEqual(['o1', 'o2', 'o3', 'a1'])
    for (const entry of taken.slice(0, 3)) merge.handOut(entry, true)
    const saved = JSON.parse(JSON.stringify(merge.checkpoint())) as WalletCheckpoint
    expect(saved).toMatchObject({ emittedAbove: '80', emittedInSlot: ['o2', 'o3'] })
    const resumed = createWalletMerge<'bigint'>(PLAN, readStart(PLAN, saved, {}))
    expect(resumed.sources().map((each) => [each.address, each.before, each.phase])).toEqual([
      [OWNER, 'o3', 'walked'],
      [LISTED, undefined, 'new'],
    ])
    const listed = find(resumed, LISTED)
    expect(resumed.readFrom(listed)).toBeUndefined()
    resumed.fetching(listed)
    // Also an entry of slot 80 handed out before (a node that lists o2 under it too): dropped.
    resumed.arrived(listed, page('o2@80', 'a1@80', 'a2@60'))
    resumed.arrived(listed, [])
    expect(handOutAll(resumed)).toEqual(['a1', 'a2'])
    expect(resumed.checkpoint().sources.map((each) => each.done)).toEqual([true, true])
  })
})

const FIXTURES = resolve(import.meta.dirname, 'fixtures')
const PROVIDED = { providerMethods: ['getTransactionsForAddress'] } as const

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of iterable) out.push(item)
  return out
}

// Written by walletHistory before the merge was one state (its number slots and two checkpoint
// builders), on the seeded mock ledger below: 200 entries handed out with pages of 30, and 95 on
// the provider path with pages of 40. They hold discovered accounts and a slot handed out in part.
describe('checkpoints saved before', () => {
  for (const kind of ['standard', 'provider'] as const) {
    it(`resumes a ${kind} one with exactly the rest, and writes the same format`, async () => {
      const saved = JSON.parse(readFileSync(resolve(FIXTURES, `${kind}.json`), 'utf8')) as {
        handedOut: number
        checkpoint: WalletCheckpoint
      }
      const provider = kind === 'provider'
      const ledger = walletLedger('v4', 11, 1_200, provider ? PROVIDED : {})
      const client = createClient({ transport: ledger.transport, deprecationWarnings: false })
      const owner = payers(ledger)[0] as string
      const options = { provider, pageRetryDelayMs: 1 } as const
      const resume = { ...saved.checkpoint, done: false, remaining: undefined }
      const rest = await collect(walletHistory(client, owner, { ...options, resume }))
      const all: Parameters<typeof inOrder>[0] = provider
        ? await collect(walletHistory(client, owner, options))
        : ledger.walletEntries(owner)
      expect(rest.length).toBeGreaterThan(0)
      expect(inOrder(rest)).toEqual(inOrder(all.slice(saved.handedOut)))
      // The same walk now writes the same checkpoint, but for the provider stream's `done`,
      // which `limit` no longer sets.
      const again = walletHistory(client, owner, {
        ...options,
        limit: saved.handedOut,
        pageSize: provider ? 40 : 30,
      })
      await collect(again)
      const written = JSON.parse(JSON.stringify(again.checkpoint())) as WalletCheckpoint
      const [stream] = saved.checkpoint.sources
      expect(written).toEqual(
        provider
          ? { ...saved.checkpoint, sources: [{ ...stream, done: false }] }
          : saved.checkpoint,
      )
    })
  }
})
