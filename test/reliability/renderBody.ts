import type { MockLedger } from '../../src/testing/createMockLedger'
import { applyEdits } from './edits'
import type { BodySpec } from './replyPlans'
import { toWireText } from './wireJson'

type Envelope = Readonly<{ id?: unknown; method?: unknown; params?: unknown }>

function bigValue(shape: 'string' | 'array' | 'deep' | 'wide', size: number): string {
  switch (shape) {
    case 'string':
      return `"${'x'.repeat(size)}"`
    case 'array':
      return `[${'7,'.repeat(size - 1)}7]`
    case 'deep':
      // Arrays and objects alternate by size, so both kinds of nesting are met.
      return size % 2 === 0
        ? `${'['.repeat(size)}${']'.repeat(size)}`
        : `${'{"a":'.repeat(size)}0${'}'.repeat(size)}`
    case 'wide': {
      const members: string[] = []
      for (let i = 0; i < size; i++) members.push(`"k${i}":${i}`)
      return `{${members.join(',')}}`
    }
  }
}

/**
 * The body text (or bytes) of a fuzzed answer to one JSON-RPC request, built from the mock
 * ledger's true answer where the spec starts from it.
 */
export function renderBody(
  spec: BodySpec,
  requestText: string,
  ledger: MockLedger,
): string | Uint8Array {
  const request = JSON.parse(requestText) as Envelope
  const id = request.id
  const idText = JSON.stringify(id ?? null)
  switch (spec.kind) {
    case 'ledger': {
      const text = ledger.handleText(requestText)
      return spec.edits.length === 0 ? text : toWireText(applyEdits(JSON.parse(text), spec.edits))
    }
    case 'result':
      return toWireText({ jsonrpc: '2.0', id, result: spec.value })
    case 'error': {
      const error = spec.withData
        ? { code: spec.code, message: spec.message, data: spec.data }
        : { code: spec.code, message: spec.message }
      const answerId = spec.id === 'echo' ? id : spec.id === 'null' ? null : Number(id) + 1_000
      return toWireText({ jsonrpc: '2.0', id: answerId, error })
    }
    case 'document':
      return toWireText(spec.value)
    case 'text':
      return spec.text
    case 'bytes':
      return spec.bytes
    case 'truncated': {
      const text = ledger.handleText(requestText)
      return text.slice(0, Math.floor(spec.keep * text.length))
    }
    case 'id': {
      const answer = JSON.parse(ledger.handleText(requestText)) as Record<string, unknown>
      Object.defineProperty(answer, 'id', { value: spec.id, enumerable: true, writable: true })
      return toWireText(answer)
    }
    case 'big': {
      const big = bigValue(spec.shape, spec.size)
      switch (spec.where) {
        case 'result':
          return `{"jsonrpc":"2.0","id":${idText},"result":${big}}`
        case 'data':
          return `{"jsonrpc":"2.0","id":${idText},"error":{"code":-32000,"message":"big","data":${big}}}`
        case 'id':
          return `{"jsonrpc":"2.0","id":${big},"result":null}`
        case 'extra':
          return ledger.handleText(requestText).replace(/}\s*$/, `,"extra":${big}}`)
      }
    }
  }
}
