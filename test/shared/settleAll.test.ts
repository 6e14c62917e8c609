import { describe, expect, it } from 'vitest'
import { settleAll } from '../../src/shared/settleAll'

describe('settleAll', () => {
  it('resolves with every value in order, promises or not', async () => {
    const values = await settleAll([Promise.resolve(1), 2n, Promise.resolve('three')])
    expect(values).toEqual([1, 2n, 'three'])
  })

  it('rejects only once every promise has settled, with the first rejection in order', async () => {
    let release = (): void => {}
    let late = false
    const held = new Promise<void>((resolve) => {
      release = () => {
        late = true
        resolve()
      }
    })
    const second = new Error('second')
    const first = new Error('first')
    // `second` rejects first in time; `first` comes first in the list.
    const outcome = settleAll([
      new Promise((_, reject) => setTimeout(() => reject(first), 5)),
      Promise.reject(second),
      held,
    ]).catch((error: unknown) => ({ error, late }))
    setTimeout(release, 20)
    expect(await outcome).toEqual({ error: first, late: true })
  })
})
