import crossFetch from 'cross-fetch'
import { describe, expect, it } from 'vitest'
import { defaultFetch } from '../../src/transport/defaultFetch'

describe('defaultFetch of the Node build', () => {
  it("is cross-fetch's, not the platform's", () => {
    expect(defaultFetch).toBe(crossFetch)
    expect(defaultFetch).not.toBe(globalThis.fetch)
  })
})
