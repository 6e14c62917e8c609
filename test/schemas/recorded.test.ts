import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { decodeSignatureInfos } from '../../src/actions/getSignaturesForAddress'
import { decodeConfirmedTransaction } from '../../src/actions/getTransaction'
import { createClient } from '../../src/client'
import { ResponseShapeError } from '../../src/errors/ConfirmedRpcError'
import { parseJson } from '../../src/json/parseJson'
import type { TransactionEncoding, U64Mode } from '../../src/schemas/common'

/**
 * Real node responses recorded by public projects (see test/fixtures/recorded/README.md), decoded
 * through the public client and the schema decoders in both u64 modes, and compared field by
 * field with the recorded JSON.
 */

type Method =
  | 'getConfirmedTransaction'
  | 'getTransaction'
  | 'getConfirmedSignaturesForAddress2'
  | 'getSignaturesForAddress'

type Entry = Readonly<{
  file: string
  method: Method
  encoding?: TransactionEncoding
  envelope: boolean
  node: string
  cluster?: string
  repository: string
  path: string
  commit: string
  note: string
}>

const DIR = join(import.meta.dirname, '../fixtures/recorded')
const MANIFEST: readonly Entry[] = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8'))
const METHODS: readonly string[] = [
  'getConfirmedTransaction',
  'getTransaction',
  'getConfirmedSignaturesForAddress2',
  'getSignaturesForAddress',
]
const ENCODINGS: readonly string[] = ['json', 'jsonParsed', 'base58', 'base64', 'binary']
/** A valid 64-byte signature, for records that do not carry theirs in readable form. */
const ANY_SIGNATURE =
  '5h6xBEauJ3PK6SWCZ1PGjBvj8vDdWG3KpwATGy1ARAXFSDwt8GFXM7W5Ncn16wmqokgpiKRLuS83KUxyZyv2sUYv'
const ANY_ADDRESS = 'Vote111111111111111111111111111111111111111'
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

const isSignatureList = (method: Method) =>
  method === 'getConfirmedSignaturesForAddress2' || method === 'getSignaturesForAddress'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The recorded `result`, parsed losslessly afresh. */
function recordedResult(entry: Entry): unknown {
  const parsed = parseJson(readFileSync(join(DIR, entry.file), 'utf8'))
  if (!entry.envelope) return parsed
  if (!isObject(parsed) || !('result' in parsed)) throw new Error(`${entry.file}: no result`)
  return parsed.result
}

/** A digit string that `parseJson` made of an integer literal above 2^53-1. */
function isUnsafeDigits(value: unknown): value is string {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) return false
  const n = BigInt(value)
  return n > MAX_SAFE || n < -MAX_SAFE
}

/**
 * Walks the decoded value beside the recorded one and returns every difference as
 * `path: reason`. Keys, array lengths, strings, booleans and null must match exactly; a decoded
 * number or bigint matches a recorded number (or a recorded digit string above 2^53-1) with the
 * same decimal text.
 */
function differences(decoded: unknown, recorded: unknown, path = '$'): string[] {
  if (Array.isArray(recorded)) {
    if (!Array.isArray(decoded)) return [`${path}: expected an array, got ${typeof decoded}`]
    if (decoded.length !== recorded.length) {
      return [`${path}: length ${decoded.length}, recorded ${recorded.length}`]
    }
    return recorded.flatMap((item, i) => differences(decoded[i], item, `${path}[${i}]`))
  }
  if (isObject(recorded)) {
    if (!isObject(decoded)) return [`${path}: expected an object, got ${typeof decoded}`]
    const have = Object.keys(decoded).sort()
    const want = Object.keys(recorded).sort()
    const added = have.filter((key) => !Object.hasOwn(recorded, key))
    const dropped = want.filter((key) => !Object.hasOwn(decoded, key))
    if (added.length > 0 || dropped.length > 0) {
      return [`${path}: keys added [${added.join(', ')}], dropped [${dropped.join(', ')}]`]
    }
    return want.flatMap((key) => differences(decoded[key], recorded[key], `${path}.${key}`))
  }
  if (typeof recorded === 'number' || isUnsafeDigits(recorded)) {
    if (typeof decoded === 'number' || typeof decoded === 'bigint') {
      return String(decoded) === String(recorded)
        ? []
        : [`${path}: ${String(decoded)}, recorded ${String(recorded)}`]
    }
  }
  return Object.is(decoded, recorded)
    ? []
    : [
        `${path}: ${JSON.stringify(decoded)} (${typeof decoded}), recorded ${JSON.stringify(recorded)}`,
      ]
}

/** Paths of the u64 fields that decode to a bigint above 2^53-1 in bigint mode. */
function unsafeIntegerPaths(decoded: unknown, path = '$'): string[] {
  if (typeof decoded === 'bigint') return decoded > MAX_SAFE || decoded < -MAX_SAFE ? [path] : []
  if (Array.isArray(decoded))
    return decoded.flatMap((item, i) => unsafeIntegerPaths(item, `${path}[${i}]`))
  if (isObject(decoded)) {
    return Object.entries(decoded).flatMap(([key, value]) =>
      unsafeIntegerPaths(value, `${path}.${key}`),
    )
  }
  return []
}

function signatureOf(result: unknown): string {
  if (!isObject(result) || !isObject(result.transaction)) return ANY_SIGNATURE
  const signatures = result.transaction.signatures
  return Array.isArray(signatures) && typeof signatures[0] === 'string'
    ? signatures[0]
    : ANY_SIGNATURE
}

/** Calls the entry's method through the public client over a transport that answers the record. */
function callClient(entry: Entry, mode: U64Mode): Promise<unknown> {
  const client = createClient({
    transport: async () => recordedResult(entry),
    u64: mode,
    deprecationWarnings: false,
    methods: 'deprecated',
  })
  const recorded = recordedResult(entry)
  const encoding = entry.encoding ?? 'json'
  switch (entry.method) {
    case 'getConfirmedSignaturesForAddress2':
      return client.getConfirmedSignaturesForAddress2(ANY_ADDRESS)
    case 'getSignaturesForAddress':
      return client.getSignaturesForAddress(ANY_ADDRESS)
    case 'getConfirmedTransaction':
      return client.getConfirmedTransaction(signatureOf(recorded), { encoding })
    case 'getTransaction':
      return isObject(recorded) && 'version' in recorded
        ? client.getTransaction(signatureOf(recorded), {
            encoding,
            maxSupportedTransactionVersion: 0,
          })
        : client.getTransaction(signatureOf(recorded), { encoding })
  }
}

/** Decodes the entry's result directly with the schema decoder. */
function decodeDirectly(entry: Entry, mode: U64Mode): unknown {
  const context = { method: entry.method }
  const value = recordedResult(entry)
  return isSignatureList(entry.method)
    ? decodeSignatureInfos(value, mode, context)
    : decodeConfirmedTransaction(value, entry.encoding ?? 'json', mode, context)
}

/** The slots a decoded result carries: the record's, or each signature info's. */
function slotsOf(entry: Entry, decoded: unknown): unknown[] {
  if (isSignatureList(entry.method)) {
    return Array.isArray(decoded) ? decoded.map((info) => (isObject(info) ? info.slot : info)) : []
  }
  return decoded === null ? [] : [isObject(decoded) ? decoded.slot : decoded]
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

describe('recorded fixtures', () => {
  const files = readdirSync(DIR)
    .filter((name) => name.endsWith('.json') && name !== 'manifest.json')
    .sort()

  it('lists every fixture in the manifest exactly once, and at least 40', () => {
    const listed = MANIFEST.map((entry) => entry.file)
    expect([...listed].sort()).toEqual(files)
    expect(new Set(listed).size).toBe(listed.length)
    expect(listed.length).toBeGreaterThanOrEqual(40)
  })

  it('gives every entry its provenance', () => {
    for (const entry of MANIFEST) {
      const where = entry.file
      expect(METHODS, where).toContain(entry.method)
      if (isSignatureList(entry.method)) expect(entry.encoding, where).toBeUndefined()
      else expect(ENCODINGS, where).toContain(entry.encoding)
      expect(typeof entry.envelope, where).toBe('boolean')
      expect(entry.repository, where).toMatch(/^[\w.-]+\/[\w.-]+$/)
      expect(entry.commit, where).toMatch(/^[0-9a-f]{40}$/)
      expect(entry.path.length, where).toBeGreaterThan(0)
      expect(entry.node.length, where).toBeGreaterThan(0)
      expect(entry.note.length, where).toBeGreaterThan(0)
    }
  })

  describe.each(MANIFEST.map((entry) => [entry.file, entry] as const))('%s', (_file, entry) => {
    it('decodes exactly as recorded through the client and the decoder in bigint mode', async () => {
      const recorded = recordedResult(entry)
      for (const decoded of [await callClient(entry, 'bigint'), decodeDirectly(entry, 'bigint')]) {
        expect(differences(decoded, recorded)).toEqual([])
        for (const slot of slotsOf(entry, decoded)) expect(typeof slot).toBe('bigint')
      }
    })

    it('decodes as recorded in number mode, or rejects an integer above 2^53-1', async () => {
      const recorded = recordedResult(entry)
      const unsafe = unsafeIntegerPaths(decodeDirectly(entry, 'bigint'))
      if (unsafe.length === 0) {
        for (const decoded of [
          await callClient(entry, 'number'),
          decodeDirectly(entry, 'number'),
        ]) {
          expect(differences(decoded, recorded)).toEqual([])
          for (const slot of slotsOf(entry, decoded)) expect(typeof slot).toBe('number')
        }
        return
      }
      const errors = [
        await rejection(callClient(entry, 'number')),
        await rejection(Promise.resolve().then(() => decodeDirectly(entry, 'number'))),
      ]
      for (const error of errors) {
        expect(error).toBeInstanceOf(ResponseShapeError)
        expect((error as ResponseShapeError).code).toBe('UNSAFE_INTEGER')
      }
    })
  })
})
