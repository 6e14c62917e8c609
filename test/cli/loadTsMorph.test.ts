import { expect, it } from 'vitest'
import { UsageError } from '../../src/cli/command/process'
import { loadTsMorph } from '../../src/cli/migrate/loadTsMorph'
import type { TsMorph } from '../../src/cli/migrate/TsMorph'

const missing = (code: string, message: string) => () =>
  Promise.reject(Object.assign(new Error(message), { code })) as Promise<TsMorph>

it('loads ts-morph when it is installed', async () => {
  const tsMorph = await loadTsMorph()
  expect(typeof tsMorph.Project).toBe('function')
})

it('turns a missing ts-morph into a usage error that says how to install it', async () => {
  for (const code of ['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND']) {
    const error = await loadTsMorph(
      missing(code, "Cannot find package 'ts-morph' imported from /app/dist/cli/main.js"),
    ).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(UsageError)
    expect((error as Error).message).toContain('run `npm i -D ts-morph`')
  }
})

it('passes any other failure on', async () => {
  await expect(
    loadTsMorph(missing('ERR_MODULE_NOT_FOUND', "Cannot find package 'left-pad'")),
  ).rejects.toThrow("Cannot find package 'left-pad'")
  await expect(loadTsMorph(missing('EACCES', 'permission denied'))).rejects.not.toBeInstanceOf(
    UsageError,
  )
})
