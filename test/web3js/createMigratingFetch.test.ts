import { Connection, PublicKey } from '@solana/web3.js'
import { afterEach, describe, expect, it } from 'vitest'
import { InvalidParamError } from '../../src/errors/ConfirmedRpcError'
import { createMigratingFetch } from '../../src/web3js/createMigratingFetch'
import { type JsonRpcServer, startJsonRpcServer } from '../support/loopbackServer'
import { syntheticSignature } from '../support/syntheticHistory'

const SIGNATURE = syntheticSignature(1)
const ADDRESS = 'Vote111111111111111111111111111111111111111'
const U64_MAX = '18446744073709551615'

/** What a scripted method answers: its result as raw JSON text, or a JSON-RPC error. */
type Answer = string | Readonly<{ error: Readonly<{ code: number; message: string }> }>
type Methods = Readonly<Record<string, (params: unknown) => Answer>>

const NOT_FOUND = { error: { code: -32601, message: 'Method not found' } }

// Results as raw text, so that they can hold u64 values beyond 2^53 and odd spacing.
const TRANSACTION = `{"slot":7,"blockTime":null,"transactionIndex":3,"meta":{"fee":5000,"preBalances":[${U64_MAX},5],"postBalances":[${U64_MAX},5],"postTokenBalances":[{"uiTokenAmount":{"amount":"${U64_MAX}"}}]},"transaction":["AQID","base64"]}`
const SIGNATURES = `[{"signature":"${SIGNATURE}","slot":7,"err":null,"memo":null,"blockTime":null,"confirmationStatus":"finalized","transactionIndex":3}]`

/** A node of 2.0 or later: the replacements, and a few other methods. */
const V2_METHODS: Methods = {
  getTransaction: () => TRANSACTION,
  getSignaturesForAddress: () => SIGNATURES,
  getSlot: () => '42',
  getBalance: () => `{"context":{"slot":42},"value":${U64_MAX}}`,
}
/** A node of 1.18: the same, and the deprecated methods. */
const V118_METHODS: Methods = {
  ...V2_METHODS,
  getConfirmedTransaction: () => TRANSACTION.replace('"transactionIndex":3,', ''),
  getConfirmedSignaturesForAddress2: () => SIGNATURES.replace(',"transactionIndex":3', ''),
}

type Item = Readonly<{ method?: string; id?: unknown; params?: unknown }>

function answerText(methods: Methods, item: Item): string {
  const method = methods[item.method ?? '']
  const answer = method === undefined ? NOT_FOUND : method(item.params)
  const body =
    typeof answer === 'string' ? `"result":${answer}` : `"error":${JSON.stringify(answer.error)}`
  return `{"jsonrpc":"2.0",${body},"id":${JSON.stringify(item.id ?? null)}}`
}

const servers: JsonRpcServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** A loopback node answering with `methods`; every other method is -32601. */
async function startNode(
  methods: Methods,
  options: Readonly<{ gate?: Promise<void>; headers?: Record<string, string> }> = {},
): Promise<JsonRpcServer> {
  const server = await startJsonRpcServer(async (body, _req, res) => {
    await options.gate
    const text = Array.isArray(body)
      ? `[${body.map((item: Item) => answerText(methods, item)).join(',')}]`
      : answerText(methods, body as Item)
    res.writeHead(200, { 'content-type': 'application/json', ...options.headers }).end(text)
  })
  servers.push(server)
  return server
}

/** The methods each request carried, in order (a batch as a list). */
function sentMethods(server: JsonRpcServer): unknown[] {
  return server.requests.map(({ body }) =>
    Array.isArray(body) ? body.map((item: Item) => item.method) : (body as Item).method,
  )
}

/** A fetch that records what it was called with and what it returned. */
function recordingFetch() {
  const calls: { args: readonly unknown[]; response?: Response }[] = []
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const call: (typeof calls)[number] = { args: init === undefined ? [input] : [input, init] }
    calls.push(call)
    call.response = await globalThis.fetch(input, init)
    return call.response
  }
  return { fetch, calls, bodies: () => calls.map(({ args }) => (args[1] as RequestInit).body) }
}

function post(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }
}

const deprecatedTransaction = (id: unknown = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'getConfirmedTransaction',
  params: [SIGNATURE, 'base64'],
})
const deprecatedSignatures = (id: unknown = 2) => ({
  jsonrpc: '2.0',
  id,
  method: 'getConfirmedSignaturesForAddress2',
  params: [ADDRESS, { limit: 1 }],
})
const getSlot = (id: unknown = 3) => ({ jsonrpc: '2.0', id, method: 'getSlot', params: [] })
const getBalance = (id: unknown) => ({
  jsonrpc: '2.0',
  id,
  method: 'getBalance',
  params: [ADDRESS],
})

describe('options', () => {
  it.each([
    [{ methods: 'deprecated' }, 'methods'],
    [{ methods: 'deprecated-first', retry: 3 }, 'options.retry'],
    [{ method: 'replacement' }, 'options.method'],
    [{ methods: 1 }, 'methods'],
    [{ fetch: 'https://rpc.example.com' }, 'fetch'],
    [{ fetch: {} }, 'fetch'],
    ['auto', 'options'],
    [[], 'options'],
  ])('rejects %j with INVALID_PARAM naming %s', (options, param) => {
    const attempt = () => createMigratingFetch(options as never)
    expect(attempt).toThrow(InvalidParamError)
    try {
      attempt()
    } catch (error) {
      expect(error).toMatchObject({ code: 'INVALID_PARAM', context: { param } })
    }
  })

  it("refuses the former 'auto' with its new name, 'deprecated-first'", () => {
    expect(() => createMigratingFetch({ methods: 'auto' } as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_PARAM',
        context: expect.objectContaining({ param: 'methods' }),
        message: expect.stringContaining("'auto' is now 'deprecated-first'"),
      }),
    )
  })

  it('names the values it takes for methods', () => {
    expect(() => createMigratingFetch({ methods: 'first' } as never)).toThrow(
      "expected 'deprecated-first' or 'replacement', got",
    )
  })

  it('takes no options, or explicit undefined ones', () => {
    expect(typeof createMigratingFetch()).toBe('function')
    expect(typeof createMigratingFetch({ fetch: undefined, methods: undefined })).toBe('function')
  })
})

describe('requests it leaves alone', () => {
  it.each([
    ['another method', post(getSlot())],
    ['a GET', { method: 'GET' }],
    [
      'a method named only inside params',
      post({ ...getSlot(), params: ['getConfirmedTransaction'] }),
    ],
    ['a body that is not JSON', post('getConfirmedTransaction(')],
    [
      'a body given as bytes',
      {
        ...post(deprecatedTransaction()),
        body: new TextEncoder().encode(JSON.stringify(deprecatedTransaction())),
      },
    ],
  ])('%s: same arguments to the fetch, same response object back', async (_name, init) => {
    const node = await startNode(V2_METHODS)
    const recorder = recordingFetch()
    const migrating = createMigratingFetch({ fetch: recorder.fetch })
    const url = new URL('/path?api-key=1', node.url)
    const response = await migrating(url, init)
    expect(recorder.calls).toHaveLength(1)
    expect(recorder.calls[0]?.args[0]).toBe(url)
    expect(recorder.calls[0]?.args[1]).toBe(init)
    expect(response).toBe(recorder.calls[0]?.response)
  })

  it('calls the fetch with the arguments it was given, also without init', async () => {
    const node = await startNode(V2_METHODS)
    const recorder = recordingFetch()
    await createMigratingFetch({ fetch: recorder.fetch })(node.url)
    expect(recorder.calls[0]?.args).toEqual([node.url])
  })

  it('web3.js getBalance: one request, its own response read by web3.js', async () => {
    const node = await startNode(V2_METHODS)
    const recorder = recordingFetch()
    const connection = new Connection(node.url, {
      fetch: createMigratingFetch({ fetch: recorder.fetch }),
    })
    const plain = new Connection(node.url)
    const balance = await connection.getBalance(new PublicKey(ADDRESS))
    expect(balance).toBe(await plain.getBalance(new PublicKey(ADDRESS)))
    expect(recorder.calls).toHaveLength(1)
    expect(recorder.calls[0]?.response?.bodyUsed).toBe(true)
  })

  it('a deprecated call the node answers: one request, the exact bytes, status and headers', async () => {
    const node = await startNode(V118_METHODS, { headers: { 'x-node': '1.18' } })
    const recorder = recordingFetch()
    const migrating = createMigratingFetch({ fetch: recorder.fetch })
    const init = post(deprecatedTransaction())
    for (let round = 0; round < 2; round++) {
      const response = await migrating(node.url, init)
      expect(recorder.calls.at(-1)?.args[1]).toBe(init)
      expect(response.status).toBe(200)
      expect(response.headers.get('x-node')).toBe('1.18')
      expect(await response.text()).toBe(answerText(V118_METHODS, deprecatedTransaction()))
    }
    expect(sentMethods(node)).toEqual(['getConfirmedTransaction', 'getConfirmedTransaction'])
  })
})

describe('on a node without the deprecated methods', () => {
  it('probes once, sends the replacement, and maps the answer back exactly', async () => {
    const node = await startNode(V2_METHODS)
    const recorder = recordingFetch()
    const migrating = createMigratingFetch({ fetch: recorder.fetch })
    const first = await migrating(node.url, post(deprecatedTransaction(7)))
    const second = await migrating(node.url, post(deprecatedSignatures('b')))
    expect(sentMethods(node)).toEqual([
      'getConfirmedTransaction',
      'getTransaction',
      'getSignaturesForAddress',
    ])
    expect(recorder.bodies()[1]).toBe(
      `{"jsonrpc":"2.0","id":7,"method":"getTransaction","params":["${SIGNATURE}",{"encoding":"base64"}]}`,
    )
    // The u64 values stay bare numbers with every digit; the token amount stays a string.
    expect(await first.text()).toBe(
      `{"jsonrpc":"2.0","result":${TRANSACTION.replace('"transactionIndex":3,', '')},"id":7}`,
    )
    expect(JSON.parse(await second.text())).toEqual({
      jsonrpc: '2.0',
      id: 'b',
      result: JSON.parse(SIGNATURES.replace(',"transactionIndex":3', '')),
    })
  })

  it("sends the first call as it is under an explicit 'deprecated-first', as by default", async () => {
    const node = await startNode(V2_METHODS)
    const migrating = createMigratingFetch({ methods: 'deprecated-first' })
    const answers = [
      await migrating(node.url, post(deprecatedTransaction(1))),
      await migrating(node.url, post(deprecatedTransaction(2))),
    ]
    expect(sentMethods(node)).toEqual([
      'getConfirmedTransaction',
      'getTransaction',
      'getTransaction',
    ])
    for (const answer of answers) expect(JSON.parse(await answer.text())).toHaveProperty('result')
  })

  it('keeps a string that looks like a marked integer a string', async () => {
    // U+0001 followed by digits: the shape parseExactJson gives an unsafe integer internally.
    const logs = `"logMessages":["\\u0001${U64_MAX}","\\u0001\\u0001${U64_MAX}"]`
    const node = await startNode({
      getTransaction: () => TRANSACTION.replace('"fee":5000', `"fee":5000,${logs}`),
    })
    const response = await createMigratingFetch({ methods: 'replacement' })(
      node.url,
      post(deprecatedTransaction()),
    )
    const text = await response.text()
    expect(text).toContain(logs)
    expect(text).toContain(`"preBalances":[${U64_MAX},5]`)
  })

  it('keeps the exact digits of u64 values in the other requests of a rewritten batch', async () => {
    const node = await startNode(V2_METHODS)
    const recorder = recordingFetch()
    const migrating = createMigratingFetch({ fetch: recorder.fetch, methods: 'replacement' })
    const balance = `{"jsonrpc":"2.0","id":1,"method":"getBalance","params":["${ADDRESS}",{"minContextSlot":${U64_MAX}}]}`
    await migrating(node.url, post(`[${balance},${JSON.stringify(deprecatedTransaction(2))}]`))
    expect(recorder.bodies()[0]).toBe(
      `[${balance},{"jsonrpc":"2.0","id":2,"method":"getTransaction","params":["${SIGNATURE}",{"encoding":"base64"}]}]`,
    )
  })

  it('sends one probe per origin, however many calls start at once', async () => {
    let open = (): void => {}
    const gate = new Promise<void>((resolve) => (open = resolve))
    const [a, b] = [await startNode(V2_METHODS, { gate }), await startNode(V2_METHODS)]
    const migrating = createMigratingFetch()
    const calls = [
      ...Array.from({ length: 6 }, (_, i) =>
        migrating(`${a.url}/one`, post(deprecatedTransaction(i))),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        migrating(`${a.url}/two`, post(deprecatedSignatures(i))),
      ),
      ...Array.from({ length: 3 }, (_, i) => migrating(b.url, post(deprecatedSignatures(i)))),
    ]
    await a.received(1)
    await b.received(2)
    expect(a.requests).toHaveLength(1)
    open()
    const bodies = await Promise.all(
      calls.map(async (call) => JSON.parse(await (await call).text())),
    )
    expect(bodies.every((body) => 'result' in body)).toBe(true)
    const deprecated = (server: JsonRpcServer) =>
      sentMethods(server).filter((method) => String(method).startsWith('getConfirmed'))
    expect(deprecated(a)).toHaveLength(1)
    expect(deprecated(b)).toHaveLength(1)
    expect(a.requests).toHaveLength(1 + 10)
    expect(b.requests).toHaveLength(1 + 3)
  })

  it('merges a batch: only the refused requests go again, ids and order kept', async () => {
    const node = await startNode(V2_METHODS)
    const migrating = createMigratingFetch()
    const batch = [
      getSlot('s'),
      deprecatedTransaction('t'),
      getBalance('u'),
      deprecatedSignatures(9),
      getSlot(null),
    ]
    const response = await migrating(node.url, post(batch))
    expect(sentMethods(node)).toEqual([
      [
        'getSlot',
        'getConfirmedTransaction',
        'getBalance',
        'getConfirmedSignaturesForAddress2',
        'getSlot',
      ],
      ['getTransaction', 'getSignaturesForAddress'],
    ])
    // Exactly what a 1.18 node answers, u64 values beyond 2^53 included.
    expect(await response.text()).toBe(
      `[${batch.map((item) => answerText(V118_METHODS, item)).join(',')}]`,
    )
    // Known now: the next batch is rewritten before it is sent.
    await migrating(node.url, post([deprecatedSignatures(1), getSlot(2)]))
    expect(sentMethods(node)[2]).toEqual(['getSignaturesForAddress', 'getSlot'])
  })

  it('leaves JSON-RPC errors in the answer, in a batch and alone', async () => {
    const refusing: Methods = {
      ...V2_METHODS,
      getTransaction: () => ({
        error: { code: -32015, message: 'Transaction version (0) is not supported' },
      }),
    }
    const node = await startNode(refusing)
    const migrating = createMigratingFetch({ methods: 'replacement' })
    const batch = await migrating(
      node.url,
      post([deprecatedTransaction(1), deprecatedSignatures(2)]),
    )
    expect(JSON.parse(await batch.text())).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32015, message: 'Transaction version (0) is not supported' },
      },
      {
        jsonrpc: '2.0',
        id: 2,
        result: JSON.parse(SIGNATURES.replace(',"transactionIndex":3', '')),
      },
    ])
    const single = await migrating(node.url, post(deprecatedTransaction(3)))
    expect(JSON.parse(await single.text())).toMatchObject({ id: 3, error: { code: -32015 } })
  })

  it("'replacement' never sends a deprecated method, even to a node that has them", async () => {
    const node = await startNode(V118_METHODS)
    const migrating = createMigratingFetch({ methods: 'replacement' })
    await migrating(node.url, post(deprecatedSignatures()))
    await migrating(node.url, post([deprecatedTransaction(), getSlot()]))
    expect(sentMethods(node)).toEqual(['getSignaturesForAddress', ['getTransaction', 'getSlot']])
  })

  it('drops a content-length the caller set for the old body', async () => {
    const node = await startNode(V2_METHODS)
    const body = JSON.stringify(deprecatedSignatures())
    const init = post(body, { 'content-length': String(body.length) })
    const response = await createMigratingFetch({ methods: 'replacement' })(node.url, init)
    expect(response.status).toBe(200)
    expect(node.requests[0]?.headers['content-length']).not.toBe(String(body.length))
  })
})

describe('answers that tell nothing about the methods', () => {
  it('returns a 429 as it came and probes again with the next call', async () => {
    let refuse = true
    const server = await startJsonRpcServer((body, _req, res) => {
      if (refuse) {
        refuse = false
        res.writeHead(429, { 'retry-after': '1' }).end('slow down')
        return
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(answerText(V118_METHODS, body as Item))
    })
    servers.push(server)
    const recorder = recordingFetch()
    const migrating = createMigratingFetch({ fetch: recorder.fetch })
    const limited = await migrating(server.url, post(deprecatedTransaction()))
    expect(limited).toBe(recorder.calls[0]?.response)
    expect(limited.headers.get('retry-after')).toBe('1')
    const answered = await migrating(server.url, post(deprecatedTransaction()))
    expect(JSON.parse(await answered.text())).toHaveProperty('result')
    expect(sentMethods(server)).toEqual(['getConfirmedTransaction', 'getConfirmedTransaction'])
  })

  it('throws what the fetch throws, and the next call probes again', async () => {
    const node = await startNode(V2_METHODS)
    let fail = true
    const migrating = createMigratingFetch({
      fetch: (input, init) => {
        if (!fail) return globalThis.fetch(input, init)
        fail = false
        return Promise.reject(new TypeError('fetch failed'))
      },
    })
    await expect(migrating(node.url, post(deprecatedTransaction()))).rejects.toThrow('fetch failed')
    const response = await migrating(node.url, post(deprecatedTransaction()))
    expect(JSON.parse(await response.text())).toHaveProperty('result.slot', 7)
    expect(sentMethods(node)).toEqual(['getConfirmedTransaction', 'getTransaction'])
  })

  it('rejects with the abort reason a call that waits for the probe', async () => {
    let open = (): void => {}
    const gate = new Promise<void>((resolve) => (open = resolve))
    const node = await startNode(V2_METHODS, { gate })
    const migrating = createMigratingFetch()
    const probe = migrating(node.url, post(deprecatedTransaction()))
    const controller = new AbortController()
    const waiting = migrating(node.url, {
      ...post(deprecatedTransaction()),
      signal: controller.signal,
    })
    controller.abort(new Error('gave up'))
    await expect(waiting).rejects.toThrow('gave up')
    open()
    expect((await probe).status).toBe(200)
    expect(sentMethods(node)).toEqual(['getConfirmedTransaction', 'getTransaction'])
  })
})
