import { expect, it } from 'vitest'
import { InvalidParamError } from '../../src/errors/InvalidParamError'
import { invalidParam } from '../../src/shared/invalidParam'

it('builds an INVALID_PARAM error naming the call, the parameter and the reason', () => {
  const error = invalidParam('getTransaction', 'config.limit', 'expected an integer')
  expect(error).toBeInstanceOf(InvalidParamError)
  expect(error.code).toBe('INVALID_PARAM')
  expect(error.context).toEqual({
    method: 'getTransaction',
    param: 'config.limit',
    reason: 'expected an integer',
  })
  expect(error.shortMessage).toBe('Invalid `config.limit` for getTransaction: expected an integer.')
})
