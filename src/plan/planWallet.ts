import type { MethodContext } from '../actions/ActionClient'
import { getSignaturesForAddress } from '../actions/getSignaturesForAddress'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { isPlainObject } from '../json/parseJson'
import type { Commitment, U64Mode } from '../schemas/common'
import type { PlanSettings } from './readPlanOptions'
import { type HistorySample, PAGE, type PlanMeter } from './sampleHistory'
import { LOOKUP_CONCURRENCY, type ModelledWalk, streamPages } from './walkModels'

/** The token programs whose accounts `walletHistory` walks (SPL Token and Token-2022). */
const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PdhQRsA3ry4gdyE',
] as const

type Base = Readonly<{ commitment: Commitment | undefined; signal: AbortSignal }>

/** A token account's newest page: its entries' signatures, and whether that was all of them. */
type AccountPage = Readonly<{
  signatures: readonly string[]
  slots: readonly number[]
  whole: boolean
}>

/** What the wallet walk would yield and send. @internal */
type WalletPlanned = Readonly<{ entries: number; walk: ModelledWalk }>

/**
 * The wallet part of a plan: the owner's token accounts (`getTokenAccountsByOwner` per token
 * program, as `walletHistory` lists them), asked at once, then the newest page of as many of
 * them as the plan's budget leaves (a page that came back short is the account's whole history;
 * the accounts not read count as the mean of those read). Returns the step that, given the
 * owner's own sample, models `walletHistory`: the owner's pages, every owner transaction read
 * for discovery, each account's pages, and with `transactions` one lookup per entry found under
 * an account alone (the share of an account's entries the owner also lists is read where the
 * owner's newest page reaches). Accounts the walk finds only in the owner's transactions (closed
 * since) are not counted: a plan cannot list them without reading the owner's history.
 * @internal
 */
export function planWallet(
  meter: PlanMeter,
  settings: PlanSettings,
  base: Base,
): (owner: HistorySample) => Promise<WalletPlanned> {
  const accounts = Promise.all(
    TOKEN_PROGRAMS.map((programId) =>
      listAccounts(meter.context, settings.address, programId, base),
    ),
  ).then((lists) => lists.flat())
  accounts.catch(() => undefined)
  return async (owner) => {
    const listed = await accounts
    const read = listed.slice(0, Math.max(0, meter.left()))
    const pages = await Promise.all(
      read.map((account) => accountPage(meter.context, account, base, owner)),
    )
    return modelWallet(owner, listed.length, pages, settings.transactions)
  }
}

async function listAccounts(
  context: MethodContext<U64Mode>,
  owner: string,
  programId: string,
  base: Base,
): Promise<string[]> {
  const config = {
    encoding: 'base64',
    dataSlice: { offset: 0, length: 0 },
    ...(base.commitment !== undefined && { commitment: base.commitment }),
  }
  try {
    const result = await context.transport(
      { method: 'getTokenAccountsByOwner', params: [owner, { programId }, config] },
      { signal: base.signal },
    )
    const value = isPlainObject(result) && Array.isArray(result.value) ? result.value : []
    return value.flatMap((entry: unknown) =>
      isPlainObject(entry) && typeof entry.pubkey === 'string' ? [entry.pubkey] : [],
    )
  } catch (error) {
    // A node without Token-2022 refuses its program id: no accounts there.
    if (isConfirmedRpcError(error, 'RPC_ERROR')) return []
    throw error
  }
}

async function accountPage(
  context: MethodContext<U64Mode>,
  account: string,
  base: Base,
  owner: HistorySample,
): Promise<AccountPage> {
  const page = await getSignaturesForAddress(context, account, { ...base, limit: PAGE })
  const whole = page.length < PAGE
  const slots = page.map((entry) => Number(entry.slot))
  // A full page stands for the account's whole span at its density.
  const lowest = slots.at(-1) ?? owner.top
  const scale = whole ? 1 : (owner.top - owner.bottom + 1) / Math.max(1, owner.top - lowest + 1)
  return {
    signatures: page.map((entry) => entry.signature),
    slots:
      scale === 1 ? slots : slots.concat(Array(Math.round(page.length * (scale - 1))).fill(lowest)),
    whole,
  }
}

/** `walletHistory` from the owner's sample and its accounts' pages. */
function modelWallet(
  owner: HistorySample,
  listed: number,
  pages: readonly AccountPage[],
  transactions: boolean,
): WalletPlanned {
  const ownerEntries = owner.profile.entries
  const known = new Set(owner.headSignatures)
  const reach = owner.head.slots.at(-1) ?? Number.POSITIVE_INFINITY
  let counted = 0
  let shared = 0
  let seen = 0
  for (const page of pages) {
    counted += page.slots.length
    page.signatures.forEach((signature, i) => {
      if ((page.slots[i] ?? 0) < reach) return
      seen++
      if (known.has(signature)) shared++
    })
  }
  const mean = pages.length === 0 ? 0 : counted / pages.length
  const accountEntries = counted + mean * (listed - pages.length)
  const alone = accountEntries * (seen === 0 ? 1 : 1 - shared / seen)
  const accountPages = pages.map((page) => streamPages(page.slots.length))
  const unread = listed - pages.length
  const ownerPages = streamPages(ownerEntries)
  const requests: Record<string, number> = {
    getTokenAccountsByOwner: TOKEN_PROGRAMS.length,
    getSignaturesForAddress:
      ownerPages + accountPages.reduce((a, b) => a + b, 0) + unread * streamPages(mean),
    getTransaction: ownerEntries + (transactions ? alone : 0),
  }
  const lookups = Math.ceil((requests.getTransaction ?? 0) / LOOKUP_CONCURRENCY)
  return {
    entries: ownerEntries + alone,
    walk: { name: 'wallet', requests, rounds: 1 + Math.max(ownerPages, lookups) },
  }
}
