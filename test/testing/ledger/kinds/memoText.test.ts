import { describe, expect, it } from 'vitest'
import { createRandom } from '../../../../src/testing/ledger/createRandom'
import { memoText } from '../../../../src/testing/ledger/draftPayment'

describe('memoText', () => {
  it('gives UTF-8 texts, some beyond ASCII', () => {
    const random = createRandom(1)
    const decoder = new TextDecoder('utf-8', { fatal: true })
    const texts = Array.from({ length: 200 }, () => decoder.decode(memoText(random)))
    expect(texts.some((text) => [...text].some((c) => (c.codePointAt(0) ?? 0) > 0x7f))).toBe(true)
    expect(texts).toContain('Test memo')
  })
})
