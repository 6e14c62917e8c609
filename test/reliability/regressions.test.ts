import { describe, expect, it } from 'vitest'
import { RpcResponseError, TransportError } from '../../src/errors/ConfirmedRpcError'
import { parseJson } from '../../src/json/parseJson'
import { finalizeError } from '../../src/transport/redact'
import { readRpcResponse } from '../../src/transport/response'
import { expectTypedError } from './typedError'

/*
 * The defects the fuzz, secrets and limits tests found, each pinned by its smallest case. (The
 * socket release after an unread body is pinned in limits.slow.test.ts.)
 */

const context = { method: 'getSlot', endpoint: 'https://rpc.example.com/' }
const deep = (depth: number) => parseJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)

function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

describe('readRpcResponse: a server-chosen id never breaks or floods the message', () => {
  it.each([
    ['an object whose toString is not callable', parseJson('{"toString":1,"valueOf":2}')],
    ['a nesting deeper than JSON.stringify can go', deep(100_000)],
    ['a megabyte string', 'k'.repeat(1_000_000)],
  ])('%s, in an error answer and in a result answer', (_name, id) => {
    for (const body of [
      { jsonrpc: '2.0', id, error: { code: -32000, message: 'm' } },
      { jsonrpc: '2.0', id, result: 1 },
    ]) {
      const error = thrown(() => readRpcResponse(body, 1, context))
      expectTypedError(error)
      expect(error.code).toBe('MALFORMED_RESPONSE')
      expect(error.message.length).toBeLessThan(400)
    }
  })
})

describe('finalizeError', () => {
  it('keeps a placeholder for error data nested too deeply to search or serialize', () => {
    const raw = new RpcResponseError({
      shortMessage: 'The node answered -32000: m',
      context: { ...context, rpcCode: -32000, rpcMessage: 'm', data: deep(100_000) },
    })
    const error = finalizeError(raw, { attempts: 1 }, ['s3cret-key'])
    expectTypedError(error)
    expect(error.context).toMatchObject({ rpcCode: -32000 })
    expect(JSON.stringify(error)).toContain('nested too deeply')
  })

  it('removes known secrets from every text field of the context', () => {
    const raw = new TransportError({
      code: 'HTTP_ERROR',
      shortMessage: 'The server answered HTTP 401 bad key s3cret-key.',
      context: {
        ...context,
        status: 401,
        statusText: 'bad key s3cret-key',
        headers: {},
        bodyExcerpt: '',
      },
    })
    const error = finalizeError(raw, { attempts: 1 }, ['s3cret-key'])
    expect(JSON.stringify(error)).not.toContain('s3cret-key')
    expect(error.context).toMatchObject({ statusText: 'bad key ***' })
  })
})
