import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, expect, it } from 'vitest'
import * as source from '../../src/bullmq/index'

// The built `confirmed-rpc/bullmq` entry: it loads through import and require with the source's
// exports, and it alone brings in bullmq and ioredis (the other entries and the browser build
// never name them).
const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')
const script = (load: string) =>
  `${load}.then((m) => console.log(JSON.stringify(Object.keys(m).sort())), (e) => { console.error(e); process.exit(1) })`

beforeAll(() => {
  if (!existsSync(resolve(root, 'dist/bullmq/index.cjs'))) {
    throw new Error('dist/ is missing: `npm run test:slow` builds it first; run `npm run build`')
  }
})

it('loads through import and require, with the same exports as the source', async () => {
  const [esm, cjs] = await Promise.all([
    run(process.execPath, ['--input-type=module', '-e', script("import('confirmed-rpc/bullmq')")], {
      cwd: root,
    }),
    run(process.execPath, ['-e', script("Promise.resolve(require('confirmed-rpc/bullmq'))")], {
      cwd: root,
    }),
  ])
  expect(JSON.parse(esm.stdout)).toEqual(Object.keys(source).sort())
  expect(JSON.parse(cjs.stdout)).toEqual(Object.keys(source).sort())
})

it('is the only entry that imports bullmq or ioredis', () => {
  const others = [
    'dist/index.js',
    'dist/index.cjs',
    'dist/actions/index.js',
    'dist/testing/index.js',
    'dist/browser/index.js',
    'dist/browser/actions/index.js',
  ]
  for (const file of others) {
    expect(readFileSync(resolve(root, file), 'utf8'), file).not.toMatch(/["'](bullmq|ioredis)["']/)
  }
  expect(readFileSync(resolve(root, 'dist/bullmq/index.js'), 'utf8')).toMatch(/from "bullmq"/)
})
