import { decodeSignatureInfos } from '../../src/actions/getSignaturesForAddress'
import { decodeConfirmedTransaction } from '../../src/actions/getTransaction'
import { parseJson } from '../../src/json/parseJson'
import type { U64Mode } from '../../src/schemas/common'
import { readRpcResponse } from '../../src/transport/response'
import type { DecodeBodyKind } from '../fixtures/DecodeBody'

const SIGNATURES = { method: 'getSignaturesForAddress' }
const TRANSACTION = { method: 'getTransaction' }

/**
 * What our client does with a response body once it has the text: `parseJson`, the envelope
 * check (`readRpcResponse`), then the schema check and u64 conversion of each result. A batch
 * body (ids 1..n) is read item by item, as the batching transport does.
 */
export function decodeOurs(text: string, kind: DecodeBodyKind, mode: U64Mode): unknown {
  const body = parseJson(text)
  if (kind === 'signaturePage') {
    return decodeSignatureInfos(readRpcResponse(body, 1, SIGNATURES), mode, SIGNATURES)
  }
  if (kind === 'parsedTransaction') {
    const result = readRpcResponse(body, 1, TRANSACTION)
    return decodeConfirmedTransaction(result, 'jsonParsed', mode, TRANSACTION)
  }
  return (body as unknown[]).map((item, i) => {
    const result = readRpcResponse(item, i + 1, TRANSACTION)
    return decodeConfirmedTransaction(result, 'json', mode, TRANSACTION)
  })
}
