import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, it } from 'vitest'
import { bundledSourceFiles, CLIENT_ENTRY } from '../../bench/suites/measureApps'
import { measureCallPaths } from '../../scripts/callPath'
import { measureLayout } from '../../scripts/layoutFigures'

// docs/architecture.md states how many files a call, a page and the client app's bundle come
// from; `npm run size` measures them the same way. A layout change that moves a count fails here
// until the doc says the new figure.
const doc = readFileSync(resolve(import.meta.dirname, '../../docs/architecture.md'), 'utf8')

function stated(pattern: RegExp): number {
  const found = pattern.exec(doc)
  if (!found?.[1]) throw new Error(`docs/architecture.md states no count for ${pattern}`)
  return Number(found[1])
}

it('states the files one call and one page run through, as measured', async () => {
  const { call, page } = await measureCallPaths()
  expect({ call: call.length, page: page.length }).toEqual({
    call: stated(/one `getConfirmedTransaction` call over HTTP runs code of (\d+) source files/),
    page: stated(/one page of a walk over HTTP runs code of (\d+) source files/),
  })
}, 60_000)

it('states the source files the client app is bundled from, as measured', async () => {
  const files = await bundledSourceFiles(CLIENT_ENTRY)
  expect(files.length).toBe(
    stated(
      /the client app \(`createClient` \+ the two deprecated calls\) is bundled from (\d+) source files/,
    ),
  )
}, 60_000)

it('states how src/ is laid out, with no crumb file and no function over 80 lines', () => {
  const layout = measureLayout()
  expect({ files: layout.files, median: layout.medianLines }).toEqual({
    files: stated(/`src\/` holds (\d+) files/),
    median: stated(/`src\/` holds \d+ files \(median (\d+) lines/),
  })
  expect(layout.crumbs).toEqual([])
  expect(layout.longFunctions).toEqual([])
}, 60_000)
