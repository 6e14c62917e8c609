import bs58 from 'bs58'
import { invalidParam } from '../errors/ConfirmedRpcError'
import {
  ADDRESS,
  booleanField,
  checkCommitment,
  checkSignal,
  type FieldReader,
  integerField,
  readFields,
  signatureField,
  toBase58String,
} from '../params/readFields'
import type { Base58Input } from '../schemas/common'
import type {
  WalletCheckpoint,
  WalletHistoryOptions,
  WalletPlan,
  WalletSourceCheckpoint,
} from './types'

const METHOD = 'walletHistory'
const DIGITS = /^\d{1,20}$/

function refuseOption(param: string, reason: string): never {
  throw invalidParam(METHOD, param, reason)
}

const slotText: FieldReader<string | undefined> = (value, _, param) =>
  value === undefined || (typeof value === 'string' && DIGITS.test(value))
    ? value
    : refuseOption(param, 'expected decimal digits')

const signatureText: FieldReader<string | undefined> = (value, _, param) =>
  value === undefined || typeof value === 'string'
    ? signatureField(value, METHOD, param)
    : refuseOption(param, 'expected a base58 signature string')

function readSource(value: unknown, index: number): WalletSourceCheckpoint {
  const param = `options.resume.sources[${index}]`
  return readFields(
    value,
    {
      address: (field, _, at) =>
        typeof field === 'string' && bs58.decodeUnsafe(field)?.length === 32
          ? field
          : refuseOption(at, 'expected a base58 address'),
      kind: (field, _, at) =>
        field === 'owner' || field === 'listed' || field === 'discovered'
          ? field
          : refuseOption(at, "expected 'owner', 'listed' or 'discovered'"),
      start: signatureText,
      before: signatureText,
      done: booleanField(),
    },
    METHOD,
    param,
  ) as WalletSourceCheckpoint
}

/** Checks a checkpoint read back (possibly through JSON) before anything is sent. */
function readWalletCheckpoint(value: unknown, owner: string): WalletCheckpoint {
  const checkpoint = readFields(
    value,
    {
      version: (field, _, param) =>
        field === 1 ? (1 as const) : refuseOption(param, 'expected 1'),
      owner: (field, _, param) =>
        field === owner ? owner : refuseOption(param, 'the checkpoint belongs to another wallet'),
      commitment: checkCommitment,
      done: booleanField(),
      remaining: integerField(0, Number.MAX_SAFE_INTEGER),
      upperSlot: slotText,
      emittedAbove: slotText,
      emittedInSlot: (field, _, param) =>
        field === undefined
          ? undefined
          : Array.isArray(field)
            ? field.map((each, i) => signatureText(each, METHOD, `${param}[${i}]`) as string)
            : refuseOption(param, 'expected an array of signatures'),
      sources: (field, _, param) =>
        Array.isArray(field) && field.length > 0
          ? field.map(readSource)
          : refuseOption(param, 'expected the walked addresses'),
      provider: (field, method, param) =>
        field === undefined ? undefined : booleanField()(field, method, param),
    },
    METHOD,
    'options.resume',
  ) as WalletCheckpoint
  if (checkpoint.sources[0]?.address !== owner || checkpoint.sources[0].kind !== 'owner') {
    refuseOption('options.resume.sources', 'the owner must come first')
  }
  return checkpoint
}

/**
 * A checkpoint resumes on the path it was made on: a provider one (its cursor covers the
 * provider's set) needs `provider: true`; a standard one that has started (its sources are
 * listed) needs `provider` left out. One never iterated may take either.
 */
function checkPath(resume: WalletCheckpoint, provider: boolean): void {
  if (resume.provider === true && !provider) {
    refuseOption(
      'options.provider',
      'the checkpoint was made on the provider path: pass `provider: true`',
    )
  }
  if (resume.provider !== true && provider && resume.upperSlot !== undefined) {
    refuseOption(
      'options.provider',
      'the checkpoint was made on the standard path: leave `provider` out',
    )
  }
}

/** Reads and checks `walletHistory`'s arguments before any request. @internal */
export function readWalletOptions(
  owner: Base58Input,
  options: WalletHistoryOptions | undefined,
  transactionVersion: number,
): WalletPlan {
  const address = toBase58String(owner, ADDRESS, METHOD, 'owner')
  const o = readFields(
    options,
    {
      before: signatureField,
      limit: integerField(1, Number.MAX_SAFE_INTEGER),
      pageSize: integerField(1, 1000, 1000),
      commitment: checkCommitment,
      signal: checkSignal,
      resume: (value: unknown): unknown => value,
      transactions: (value, _, param) =>
        value === undefined || value === false
          ? false
          : value === true || value === 'json'
            ? true
            : refuseOption(
                param,
                "expected true, false or 'json' (other encodings are not supported yet)",
              ),
      concurrency: integerField(1, 100, 8),
      pageRetries: integerField(0, 100, 3),
      pageRetryDelayMs: integerField(0, 60_000, 200),
      emptyPageChecks: integerField(0, 100, 2),
      provider: booleanField(false),
    },
    METHOD,
    'options',
  )
  let resume: WalletCheckpoint | undefined
  if (o.resume !== undefined) {
    for (const key of ['before', 'limit', 'commitment'] as const) {
      if (o[key] !== undefined)
        refuseOption(`options.${key}`, 'the `resume` checkpoint already holds it')
    }
    resume = readWalletCheckpoint(o.resume, address)
    checkPath(resume, o.provider)
  }
  return {
    owner: address,
    commitment: resume?.commitment ?? o.commitment,
    pageSize: o.pageSize,
    concurrency: o.concurrency,
    pageRetries: o.pageRetries,
    pageRetryDelayMs: o.pageRetryDelayMs,
    emptyPageChecks: o.emptyPageChecks,
    transactions: o.transactions,
    transactionVersion,
    skipThrough: o.before,
    signal: o.signal,
    resume,
    limit: o.limit,
    provider: o.provider,
  }
}
