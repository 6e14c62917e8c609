import { expect } from 'vitest'
import type { ConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import type { SignaturesForAddressOptions } from '../../src/history/SignaturesForAddressOptions'
import type { HistoryCheckpoint } from '../../src/history/types'
import type { U64Mode } from '../../src/schemas/common'
import type { Walker } from './pagerOf'
import type { Tally } from './tally'
import { expectTypedError } from './typedError'

/**
 * Walks an address to its end with `options`, resuming from the checkpoint (with `resumed`'s
 * options besides) after each typed error, which must be transient. Gives the signatures, the
 * number of resumes and the errors met, by code.
 */
export async function walkResuming<TMode extends U64Mode>(
  walker: Walker<TMode>,
  address: string,
  options: SignaturesForAddressOptions,
  isTransient: (error: ConfirmedRpcError) => boolean,
  resumed: SignaturesForAddressOptions = {},
): Promise<{ signatures: string[]; resumes: number; errors: Tally }> {
  const out: string[] = []
  let resume: HistoryCheckpoint | undefined
  let resumes = 0
  const errors: Tally = {}
  for (;;) {
    const walk = walker(address, resume === undefined ? options : { ...resumed, resume })
    try {
      for await (const info of walk) out.push(info.signature)
      return { signatures: out, resumes, errors }
    } catch (error) {
      expectTypedError(error)
      expect(isTransient(error)).toBe(true)
      errors[error.code] = (errors[error.code] ?? 0) + 1
      resume = walk.checkpoint()
      resumes++
      if (resumes > 100) throw new Error(`${address}: no progress after 100 resumes`)
    }
  }
}
