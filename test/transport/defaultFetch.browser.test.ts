import { afterEach, describe, expect, it, vi } from 'vitest'
import * as nodePlatform from '../../src/transport/defaultFetch'
import {
  defaultFetch,
  NODE_STREAM_BODIES,
  readNetworkFailure,
} from '../../src/transport/defaultFetch.browser'

afterEach(() => vi.unstubAllGlobals())

describe('defaultFetch of the browser build', () => {
  it('calls the global fetch of the moment, on globalThis (as native fetch requires), with the arguments given', async () => {
    const calls: unknown[][] = []
    const answer = new Response('{}')
    vi.stubGlobal('fetch', function (this: unknown, ...args: unknown[]) {
      calls.push([this, ...args])
      return Promise.resolve(answer)
    })
    const init: RequestInit = { method: 'POST', body: '{}' }
    await expect(defaultFetch('https://rpc.example.com/', init)).resolves.toBe(answer)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.[0]).toBe(globalThis)
    expect(calls[0]?.slice(1)).toEqual(['https://rpc.example.com/', init])
  })

  it('reads no network failure: a browser fetch fails with no code, and the build ships no table', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    })
    expect(readNetworkFailure(refused)).toBeUndefined()
  })

  it('says response bodies are never Node streams, where the Node module says they may be', () => {
    // The body reader (response.ts readBodyText) reads this constant; the browser build folds it
    // and leaves the Node stream branch out (checked on the bundle by bundleSize.slow.test.ts).
    expect(NODE_STREAM_BODIES).toBe(false)
    expect(nodePlatform.NODE_STREAM_BODIES).toBe(true)
  })
})
