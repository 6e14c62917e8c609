import { describe, expect, it } from 'vitest'
import { serializeEnvelope } from '../../src/transport/createHttpTransport'

describe('serializeEnvelope', () => {
  it('writes a JSON-RPC 2.0 request object', () => {
    const text = serializeEnvelope(7, {
      method: 'getTransaction',
      params: ['sig', { encoding: 'json' }],
    })
    expect(text).toBe(
      '{"jsonrpc":"2.0","id":7,"method":"getTransaction","params":["sig",{"encoding":"json"}]}',
    )
    expect(JSON.parse(text)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      method: 'getTransaction',
      params: ['sig', { encoding: 'json' }],
    })
  })

  it('rejects params JSON cannot express', () => {
    expect(() => serializeEnvelope(1, { method: 'm', params: [1n] })).toThrowError(
      expect.objectContaining({ code: 'INVALID_PARAM' }),
    )
    expect(() =>
      serializeEnvelope(1, { method: 'm', params: 'x' as unknown as readonly unknown[] }),
    ).toThrowError(expect.objectContaining({ code: 'INVALID_PARAM' }))
  })
})
