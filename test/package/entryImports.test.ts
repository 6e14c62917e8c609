import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENTRIES, readModule, resolveSpecifier } from '../../scripts/sourceImports'

const root = resolve(import.meta.dirname, '../..')

/**
 * The one module outside the entries that `src/bullmq/` reads: the option checks every public
 * function runs (docs/architecture.md, "one option-check style"). The backfill's options are the
 * library's own (a walk's, a transport's budget) and are refused with the same messages; the
 * readers are no API an app needs, so no entry exports them.
 */
const BULLMQ_OPTION_CHECKS: readonly string[] = ['src/params/readFields.ts']

/**
 * The coverage records (`<output>.coverage.json`) that both the backfill's sink and the
 * `history` / `coverage` commands write and read: Node-only (files, `node:crypto`), so no
 * browser-safe entry can carry them, and the `confirmed-rpc/bullmq` entry needs bullmq and
 * ioredis installed, which `history` must not. They import no entry, `cli/` nor `bullmq/`.
 */
const COVERAGE_RECORDS: readonly string[] = [
  'src/coverage/coverageRecord.ts',
  'src/coverage/createCoverageRecorder.ts',
  'src/coverage/outputRows.ts',
]

/**
 * The imports of a file under `src/<tree>/` that reach a `src/` module outside that tree and not
 * an entry (or, for `bullmq/`, the option checks), each as `file: specifier`.
 */
function strayImports(file: string, text: string): string[] {
  const tree = /^src\/[^/]+\//.exec(file)?.[0]
  if (tree === undefined) throw new Error(`${file} is not in a folder of src/`)
  const allowed = new Set(
    tree === 'src/bullmq/'
      ? [...ENTRIES, ...BULLMQ_OPTION_CHECKS, ...COVERAGE_RECORDS]
      : tree === 'src/shared/'
        ? []
        : [...ENTRIES, ...COVERAGE_RECORDS],
  )
  return readModule(text, file)
    .imports.map(({ specifier }) => specifier)
    .filter((specifier) => {
      const target = resolveSpecifier(file, specifier)
      return target?.startsWith('src/') && !target.startsWith(tree) && !allowed.has(target)
    })
    .map((specifier) => `${file}: ${specifier}`)
}

function filesOf(folder: string): string[] {
  return readdirSync(resolve(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${folder}/${name}`)
    .sort()
}

describe('the check', () => {
  it('names the file and specifier of every kind of import that leaves the tree', () => {
    const text = [
      "import { redactUrl } from '../../transport/redact'",
      "import type { HistoryCheckpoint } from '../../history/types'",
      "export { createClient } from '../../client'",
      "import { createClient as made } from '../../index'",
      "import type { WalletCheckpoint } from '../../actions/index'",
      "import { parseCommandArgs } from '../command/parseCommandArgs'",
      "import { Worker } from 'bullmq'",
      "const ledger = () => import('../../testing/createMockLedger')",
      "type State = import('../../testing/ledger/types').LedgerState",
    ].join('\n')
    expect(strayImports('src/cli/history/planted.ts', text)).toEqual([
      'src/cli/history/planted.ts: ../../transport/redact',
      'src/cli/history/planted.ts: ../../history/types',
      'src/cli/history/planted.ts: ../../client',
      'src/cli/history/planted.ts: ../../testing/createMockLedger',
      'src/cli/history/planted.ts: ../../testing/ledger/types',
    ])
  })

  it('lets bullmq/ read the option checks and the other entries, nothing else', () => {
    const text = [
      "import { readFields } from '../params/readFields'",
      "import { rangeWalker } from '../index'",
      "import { redactUrl } from '../transport/redact'",
    ].join('\n')
    expect(strayImports('src/bullmq/planted.ts', text)).toEqual([
      'src/bullmq/planted.ts: ../transport/redact',
    ])
    expect(strayImports('src/cli/planted.ts', "import { x } from '../params/readFields'")).toEqual([
      'src/cli/planted.ts: ../params/readFields',
    ])
    expect(strayImports('src/shared/planted.ts', "import { rangeWalker } from '../index'")).toEqual(
      ['src/shared/planted.ts: ../index'],
    )
  })
})

// The CLI is an app of the package and the backfill is built on it: each imports what the
// package's entries export (and its own folder), so that neither leans on a helper a user could
// not reach, and the entries stay the API the rest of the repository is built on.
it.each(['src/cli', 'src/bullmq'])(
  '%s imports only the package entries outside itself',
  (folder) => {
    const stray = filesOf(folder).flatMap((file) =>
      strayImports(file, readFileSync(resolve(root, file), 'utf8')),
    )
    expect(stray).toEqual([])
  },
)
