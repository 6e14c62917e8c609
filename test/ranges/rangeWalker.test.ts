import { beforeAll, describe, expect, it } from 'vitest'
import type { SignaturesForAddressOptions } from '../../src/history/SignaturesForAddressOptions'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import { transactionsForAddress } from '../../src/history/transactionsForAddress'
import type { HistoryCheckpoint } from '../../src/history/types'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import type { MockLedger } from '../../src/testing/createMockLedger'
import { ledgersByProfile, setup } from '../support/walkSetup'

// The walker value: its options checked when it is made, and the walk options it replaces refused
// by the walks, naming it, before any request.

let ledger: MockLedger
let busiest: string

beforeAll(() => {
  ledger = ledgersByProfile(31, 2500, ['v1.18'])['v1.18']
  busiest = ledger.addresses()[0] as string
})

describe('rangeWalker', () => {
  it('refuses the walk options of old, `parallel` and `order`, naming the walker', () => {
    const { context, wire } = setup(ledger)
    const resume: HistoryCheckpoint = { version: 1, address: busiest, done: false }
    for (const [options, param] of [
      [{ parallel: 4 }, 'options.parallel'],
      [{ parallel: 1 }, 'options.parallel'],
      [{ order: 'oldest' }, 'options.order'],
      [{ order: 'newest' }, 'options.order'],
      [{ walker: rangeWalker(), parallel: 4 }, 'options.parallel'],
      // The order of a resumed walk is its checkpoint's: no `order` option with `resume` either.
      [{ resume, order: 'oldest' }, 'options.order'],
    ] as const) {
      const walks = [
        () =>
          signaturesForAddress(context, busiest, options as unknown as SignaturesForAddressOptions),
        () =>
          transactionsForAddress(
            context,
            busiest,
            options as unknown as SignaturesForAddressOptions,
          ),
      ]
      for (const walk of walks) {
        expect(walk).toThrowError(
          expect.objectContaining({
            code: 'INVALID_PARAM',
            context: expect.objectContaining({
              param,
              reason: expect.stringContaining('rangeWalker'),
            }),
          }),
        )
      }
    }
    expect(wire.sent).toHaveLength(0)
  })

  it('refuses a walker option that is not a walker', () => {
    const { context, wire } = setup(ledger)
    for (const walker of [8, 'oldest', { parallel: 8 }, rangeWalker]) {
      expect(() =>
        signaturesForAddress(context, busiest, {
          walker,
        } as unknown as SignaturesForAddressOptions),
      ).toThrowError(
        expect.objectContaining({
          code: 'INVALID_PARAM',
          context: expect.objectContaining({ param: 'options.walker' }),
        }),
      )
    }
    expect(wire.sent).toHaveLength(0)
  })

  it('refuses bad rangeWalker options when the walker is made', () => {
    for (const [options, param] of [
      [{ parallel: 0 }, 'parallel'],
      [{ parallel: 65 }, 'parallel'],
      [{ parallel: 2.5 }, 'parallel'],
      [{ parallel: '8' }, 'parallel'],
      [{ order: 'asc' }, 'order'],
      [{ provider: 'yes' }, 'provider'],
      [{ provider: 1 }, 'provider'],
      [{ lanes: 4 }, 'options.lanes'],
      [{ parallel: 4, resume: {} }, 'options.resume'],
    ] as const) {
      expect(() => rangeWalker(options as Parameters<typeof rangeWalker>[0])).toThrowError(
        expect.objectContaining({
          code: 'INVALID_PARAM',
          context: expect.objectContaining({ method: 'rangeWalker', param }),
        }),
      )
    }
    for (const options of [null, 8, 'oldest']) {
      expect(() =>
        rangeWalker(options as unknown as Parameters<typeof rangeWalker>[0]),
      ).toThrowError(
        expect.objectContaining({
          code: 'INVALID_PARAM',
          context: expect.objectContaining({ method: 'rangeWalker', param: 'options' }),
        }),
      )
    }
    // The bounds and the defaults are accepted.
    expect(rangeWalker()).toMatchObject({ order: 'newest' })
    expect(rangeWalker({ parallel: 1 })).toMatchObject({ order: 'newest' })
    expect(rangeWalker({ parallel: 64, order: 'oldest', provider: true })).toMatchObject({
      order: 'oldest',
    })
    expect(
      rangeWalker({ parallel: undefined, order: undefined, provider: undefined }),
    ).toMatchObject({ order: 'newest' })
  })
})
