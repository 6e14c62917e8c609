import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import { InvalidParamError } from '../../src/errors/InvalidParamError'
import { resetDeprecationWarnings } from '../../src/migrate/warnDeprecatedMethod'
import { type MethodsPolicy, withMethodPolicy } from '../../src/migrate/withMethodPolicy'
import type { RpcRequest } from '../../src/transport/RpcTransport'
import { createFakeNode, rpcError, V2, V16, V118 } from './fakeNode'

const SIG =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
const ADDR = 'Vote111111111111111111111111111111111111111'

const gct = (config?: unknown): RpcRequest => ({
  method: 'getConfirmedTransaction',
  params: config === undefined ? [SIG] : [SIG, config],
})
const gcsfa2 = (config?: unknown): RpcRequest => ({
  method: 'getConfirmedSignaturesForAddress2',
  params: config === undefined ? [ADDR] : [ADDR, config],
})
const getTx = (config?: unknown): RpcRequest => ({
  method: 'getTransaction',
  params: config === undefined ? [SIG] : [SIG, config],
})
const gsfa = (config?: unknown): RpcRequest => ({
  method: 'getSignaturesForAddress',
  params: config === undefined ? [ADDR] : [ADDR, config],
})

const record = { slot: 5, transaction: ['AQID', 'base64'], meta: null, blockTime: null }
const entry = {
  signature: SIG,
  slot: 1,
  err: null,
  memo: null,
  blockTime: null,
  confirmationStatus: 'finalized',
}

/** Answers like a 4.x node: transactionIndex everywhere, version when asked for. */
function answerV4(request: RpcRequest): unknown {
  if (request.method.includes('Signatures')) return [{ ...entry, transactionIndex: 2 }]
  const config = request.params[1] as { maxSupportedTransactionVersion?: number } | undefined
  const version =
    typeof config === 'object' && config?.maxSupportedTransactionVersion !== undefined
      ? { version: 0 }
      : {}
  return { ...record, transactionIndex: 2, ...version }
}

/** Answers like a 1.x node: the same records without the 4.x fields. */
function answerV1(request: RpcRequest): unknown {
  return request.method.includes('Signatures') ? [entry] : record
}

const methodsSent = (sent: readonly RpcRequest[]) => sent.map((request) => request.method)

let warnings: MockInstance<typeof process.emitWarning>
beforeEach(() => {
  resetDeprecationWarnings()
  warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('withMethodPolicy: routing', () => {
  it("'replacement' maps deprecated calls and their results, and passes replacements", async () => {
    const node = createFakeNode(V2, answerV4)
    const transport = withMethodPolicy(node.transport, { methods: 'replacement' })
    expect(await transport(gct('base64'))).toEqual(record)
    expect(await transport(gcsfa2({ limit: 1, minContextSlot: 9 }))).toEqual([entry])
    expect(await transport(getTx())).toEqual({ ...record, transactionIndex: 2 })
    expect(node.sent).toEqual([getTx({ encoding: 'base64' }), gsfa({ limit: 1 }), getTx()])
    expect(node.notFound()).toBe(0)
  })

  it("'deprecated' sends only deprecated methods and rebuilds the replacement shape", async () => {
    const node = createFakeNode(V16, answerV1)
    const transport = withMethodPolicy(node.transport, { methods: 'deprecated' })
    expect(await transport(getTx({ encoding: 'json', maxSupportedTransactionVersion: 0 }))).toEqual(
      {
        ...record,
        version: 'legacy',
      },
    )
    expect(await transport(gsfa({ minContextSlot: 3 }))).toEqual([entry])
    expect(await transport(gct())).toEqual(record)
    expect(node.sent).toEqual([gct('json'), gcsfa2({}), gct()])
  })

  it("'deprecated' surfaces -32601 from a node that removed the method", async () => {
    const node = createFakeNode(V2)
    const transport = withMethodPolicy(node.transport, { methods: 'deprecated' })
    const error = await transport(gct()).catch((caught: unknown) => caught)
    expect(isConfirmedRpcError(error, 'RPC_ERROR') && error.context.rpcCode).toBe(-32601)
  })

  it('passes every other method through untouched', async () => {
    for (const methods of ['auto', 'deprecated', 'replacement'] as const) {
      const node = createFakeNode(['getSlot'], () => 42)
      const transport = withMethodPolicy(node.transport, { methods })
      const request = { method: 'getSlot', params: [{ commitment: 'max' }] }
      expect(await transport(request)).toBe(42)
      expect(node.sent).toEqual([request])
      expect(node.sent[0]).toBe(request)
    }
  })

  it('passes the signal to the inner transport', async () => {
    const seen: (AbortSignal | undefined)[] = []
    const transport = withMethodPolicy(async (_request, options) => {
      seen.push(options?.signal)
      return []
    })
    const controller = new AbortController()
    await transport(gcsfa2(), { signal: controller.signal })
    await transport({ method: 'getSlot', params: [] }, { signal: controller.signal })
    expect(seen).toEqual([controller.signal, controller.signal])
  })
})

describe("withMethodPolicy: 'auto'", () => {
  it('on a 1.18 node keeps the deprecated methods: no failed call, no mapping', async () => {
    const node = createFakeNode(V118, answerV1)
    const transport = withMethodPolicy(node.transport)
    expect(await transport(gct('base64'))).toEqual(record)
    expect(await transport(gcsfa2())).toEqual([entry])
    expect(await transport(getTx())).toEqual(record)
    expect(methodsSent(node.sent)).toEqual([
      'getConfirmedTransaction',
      'getConfirmedSignaturesForAddress2',
      'getTransaction',
    ])
    expect(node.sent[0]).toEqual(gct('base64'))
  })

  it('on a 2.x node switches after one failed probe, for both deprecated methods', async () => {
    const node = createFakeNode(V2, answerV4)
    const transport = withMethodPolicy(node.transport)
    expect(await transport(gct())).toEqual(record)
    expect(await transport(gcsfa2({ limit: 5 }))).toEqual([entry])
    expect(await transport(gct('json'))).toEqual(record)
    expect(methodsSent(node.sent)).toEqual([
      'getConfirmedTransaction',
      'getTransaction',
      'getSignaturesForAddress',
      'getTransaction',
    ])
    expect(node.notFound()).toBe(1)
  })

  it('sends one failed probe however many calls start at once', async () => {
    const node = createFakeNode(V2, answerV4)
    const transport = withMethodPolicy(node.transport)
    node.hold()
    const calls = Array.from({ length: 12 }, (_, i) => transport(i % 2 === 0 ? gct() : gcsfa2()))
    await Promise.resolve()
    expect(node.sent).toHaveLength(1)
    node.open()
    const results = await Promise.all(calls)
    expect(results.filter((result) => Array.isArray(result))).toHaveLength(6)
    expect(node.notFound()).toBe(1)
    expect(node.sent).toHaveLength(13)
  })

  it('each wrapper probes for itself', async () => {
    const node = createFakeNode(V2, answerV4)
    await withMethodPolicy(node.transport)(gct())
    await withMethodPolicy(node.transport)(gct())
    expect(node.notFound()).toBe(2)
  })

  it('on a node before 1.7 maps replacement calls back, after one failed probe', async () => {
    const node = createFakeNode(V16, answerV1)
    const transport = withMethodPolicy(node.transport)
    node.hold()
    const calls = [
      getTx({ encoding: 'json', maxSupportedTransactionVersion: 0 }),
      gsfa(),
      getTx(),
    ].map((request) => transport(request))
    node.open()
    expect(await Promise.all(calls)).toEqual([{ ...record, version: 'legacy' }, [entry], record])
    expect(node.notFound()).toBe(1)
    expect(methodsSent(node.sent)).toEqual([
      'getTransaction',
      'getConfirmedTransaction',
      'getConfirmedSignaturesForAddress2',
      'getConfirmedTransaction',
    ])
  })

  it('probes again after a probe that got no answer', async () => {
    const node = createFakeNode(V2, answerV4)
    const transport = withMethodPolicy(node.transport)
    node.failNextWithNetworkError()
    const error = await transport(gct()).catch((caught: unknown) => caught)
    expect(isConfirmedRpcError(error, 'NETWORK_ERROR')).toBe(true)
    expect(await transport(gct())).toEqual(record)
    expect(methodsSent(node.sent)).toEqual([
      'getConfirmedTransaction',
      'getConfirmedTransaction',
      'getTransaction',
    ])
  })

  it('takes any other JSON-RPC error as proof that the method exists', async () => {
    let first = true
    const node = createFakeNode(V118, (request) => {
      if (!first) return answerV1(request)
      first = false
      return rpcError(-32602, 'Invalid param: WrongSize', request.method)
    })
    const transport = withMethodPolicy(node.transport)
    const error = await transport(gct()).catch((caught: unknown) => caught)
    expect(isConfirmedRpcError(error, 'RPC_ERROR') && error.context.rpcCode).toBe(-32602)
    await transport(gct())
    expect(methodsSent(node.sent)).toEqual(['getConfirmedTransaction', 'getConfirmedTransaction'])
  })

  it('switches when a node that had the method loses it (rolling upgrade)', async () => {
    const methods: string[] = [...V118]
    const node = createFakeNode(methods, answerV1)
    const transport = withMethodPolicy(node.transport)
    await transport(gct())
    methods.splice(0, 2)
    expect(await transport(gct())).toEqual(record)
    expect(await transport(gct())).toEqual(record)
    expect(methodsSent(node.sent)).toEqual([
      'getConfirmedTransaction',
      'getConfirmedTransaction',
      'getTransaction',
      'getTransaction',
    ])
  })

  it('lets a call waiting for the probe be aborted', async () => {
    const node = createFakeNode(V2, answerV4)
    const transport = withMethodPolicy(node.transport)
    node.hold()
    const probe = transport(gct())
    const controller = new AbortController()
    const waiting = transport(gcsfa2(), { signal: controller.signal }).catch(
      (caught: unknown) => caught,
    )
    controller.abort()
    const error = await waiting
    expect(isConfirmedRpcError(error, 'ABORTED')).toBe(true)
    node.open()
    expect(await probe).toEqual(record)
    expect(methodsSent(node.sent)).toEqual(['getConfirmedTransaction', 'getTransaction'])
  })

  it('with maxSupportedTransactionVersion sends getTransaction even where the old method exists', async () => {
    const node = createFakeNode(V118, answerV4)
    const transport = withMethodPolicy(node.transport, { maxSupportedTransactionVersion: 0 })
    expect(await transport(gct('base64'))).toEqual({ ...record, version: 0 })
    expect(await transport(gcsfa2())).toEqual([{ ...entry, transactionIndex: 2 }])
    expect(node.sent).toEqual([
      getTx({ encoding: 'base64', maxSupportedTransactionVersion: 0 }),
      gcsfa2(),
    ])
  })

  it('with maxSupportedTransactionVersion on a node before 1.7 falls back, marking results legacy', async () => {
    const node = createFakeNode(V16, answerV1)
    const transport = withMethodPolicy(node.transport, { maxSupportedTransactionVersion: 0 })
    expect(await transport(gct('base64'))).toEqual({ ...record, version: 'legacy' })
    expect(node.sent).toEqual([
      getTx({ encoding: 'base64', maxSupportedTransactionVersion: 0 }),
      gct('base64'),
    ])
  })

  it('surfaces the replacement error when the node has neither method', async () => {
    const node = createFakeNode([])
    const transport = withMethodPolicy(node.transport)
    const error = await transport(gct()).catch((caught: unknown) => caught)
    expect(isConfirmedRpcError(error, 'RPC_ERROR') && error.context.method).toBe('getTransaction')
  })
})

describe('withMethodPolicy: deprecation notice', () => {
  it('fires once per method per process when the node answers a deprecated method', async () => {
    const node = createFakeNode(V118, answerV1)
    const first = withMethodPolicy(node.transport)
    const second = withMethodPolicy(node.transport, { methods: 'deprecated' })
    await first(gct())
    await first(gct())
    await second(gct())
    await second(gcsfa2())
    await first(gcsfa2())
    expect(warnings).toHaveBeenCalledTimes(2)
    const [message, options] = warnings.mock.calls[0] as [string, { type: string; code: string }]
    expect(options).toEqual({ type: 'DeprecationWarning', code: 'CONFIRMED_RPC_DEPRECATED_METHOD' })
    expect(message).toContain('getConfirmedTransaction is deprecated')
    expect(message).toContain('getTransaction')
    expect(message).toContain('docs/migration.md')
    expect(warnings.mock.calls[1]?.[0]).toContain('getConfirmedSignaturesForAddress2 is deprecated')
    expect(warnings.mock.calls[1]?.[0]).toContain('getSignaturesForAddress')
  })

  it('also fires when the answer is another JSON-RPC error', async () => {
    const node = createFakeNode(V118, (request) =>
      rpcError(-32602, 'Invalid limit; max 1000', request.method),
    )
    await withMethodPolicy(node.transport)(gcsfa2({ limit: 5000 })).catch(() => {})
    expect(warnings).toHaveBeenCalledTimes(1)
  })

  it.each<[string, MethodsPolicy, readonly string[]]>([
    ['a node that removed the method', 'auto', V2],
    ['the replacement policy', 'replacement', V118],
    ['a node that removed the method, forced', 'deprecated', V2],
  ])(
    'stays silent when the deprecated method is not served: %s',
    async (_name, methods, nodeMethods) => {
      const node = createFakeNode(nodeMethods, answerV4)
      const transport = withMethodPolicy(node.transport, { methods })
      await transport(gct()).catch(() => {})
      await transport(gcsfa2()).catch(() => {})
      expect(warnings).not.toHaveBeenCalled()
    },
  )

  it('stays silent for replacement calls sent as deprecated methods to a very old node', async () => {
    const node = createFakeNode(V16, answerV1)
    await withMethodPolicy(node.transport)(getTx())
    expect(warnings).not.toHaveBeenCalled()
  })

  it('is off with deprecationWarnings: false', async () => {
    const node = createFakeNode(V118, answerV1)
    const transport = withMethodPolicy(node.transport, { deprecationWarnings: false })
    await transport(gct())
    await transport(gcsfa2())
    expect(warnings).not.toHaveBeenCalled()
    await withMethodPolicy(node.transport)(gct())
    expect(warnings).toHaveBeenCalledTimes(1)
  })

  it('uses console.warn where process.emitWarning does not exist (browsers)', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const original = process.emitWarning
    Object.defineProperty(process, 'emitWarning', {
      value: undefined,
      configurable: true,
      writable: true,
    })
    try {
      const node = createFakeNode(V118, answerV1)
      const transport = withMethodPolicy(node.transport)
      await transport(gct())
      await transport(gct())
    } finally {
      Object.defineProperty(process, 'emitWarning', {
        value: original,
        configurable: true,
        writable: true,
      })
    }
    expect(consoleWarn).toHaveBeenCalledTimes(1)
    expect(consoleWarn.mock.calls[0]?.[0]).toMatch(
      /^\[CONFIRMED_RPC_DEPRECATED_METHOD\] getConfirmedTransaction is deprecated/,
    )
  })
})

describe('withMethodPolicy: options', () => {
  it.each([
    ['methods', { methods: 'new' }],
    ['deprecationWarnings', { deprecationWarnings: 'no' }],
    ['maxSupportedTransactionVersion', { maxSupportedTransactionVersion: 256 }],
  ])('rejects a bad %s', (param, options) => {
    const node = createFakeNode(V118)
    const call = () => withMethodPolicy(node.transport, options as never)
    expect(call).toThrow(InvalidParamError)
    expect(call).toThrow(`\`${param}\``)
  })
})
