import { checkCommitment, checkConfigObject, checkInteger } from '../params/checkConfigFields'
import { checkKnownKeys } from '../params/checkKnownKeys'
import { invalidParam } from '../params/invalidParam'
import { SIGNATURE, toBase58String } from '../params/toBase58String'
import type { HistoryCheckpoint } from './HistoryCheckpoint'

const KEYS = [
  'version',
  'address',
  'before',
  'slot',
  'transactionIndex',
  'until',
  'remaining',
  'commitment',
  'done',
] as const

/**
 * Checks a checkpoint handed back through `resume` (it may come from a file or another process)
 * and returns a clean copy.
 * @internal
 */
export function readCheckpoint(value: unknown, address: string, method: string): HistoryCheckpoint {
  const param = 'options.resume'
  checkConfigObject(value, method, param)
  if (value === undefined) throw invalidParam(method, param, 'expected a checkpoint object')
  const object = value as Readonly<Record<string, unknown>>
  checkKnownKeys(object, KEYS, method, param)
  if (object.version !== 1) {
    throw invalidParam(method, `${param}.version`, 'expected 1 (a checkpoint of this version)')
  }
  if (object.address !== address) {
    throw invalidParam(method, `${param}.address`, 'the checkpoint belongs to another address')
  }
  const before = readSignature(object.before, method, `${param}.before`)
  const until = readSignature(object.until, method, `${param}.until`)
  const slot = object.slot
  if (slot !== undefined && (typeof slot !== 'string' || !/^\d{1,20}$/.test(slot))) {
    throw invalidParam(method, `${param}.slot`, 'expected decimal digits')
  }
  if (slot !== undefined && before === undefined) {
    throw invalidParam(method, `${param}.slot`, 'a slot needs the `before` signature it belongs to')
  }
  const max = Number.MAX_SAFE_INTEGER
  const transactionIndex = checkInteger(
    object.transactionIndex,
    0,
    max,
    method,
    `${param}.transactionIndex`,
  )
  const remaining = checkInteger(object.remaining, 0, max, method, `${param}.remaining`)
  const commitment = checkCommitment(object.commitment, method, `${param}.commitment`)
  if (typeof object.done !== 'boolean')
    throw invalidParam(method, `${param}.done`, 'expected a boolean')
  return {
    version: 1,
    address,
    before,
    slot: slot as string | undefined,
    transactionIndex,
    until,
    remaining,
    commitment,
    done: object.done,
  }
}

function readSignature(value: unknown, method: string, param: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string')
    throw invalidParam(method, param, 'expected a base58 signature string')
  return toBase58String(value, SIGNATURE, method, param)
}
