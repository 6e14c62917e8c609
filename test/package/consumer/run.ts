/**
 * The consumer test: the package as a user gets it from the registry.
 *
 * Builds and packs the repo, installs the tarball alone into fresh projects under the system temp
 * folder (one without msw, a copy of it with msw@^2 added) and, from there, checks:
 * - ESM (`import()`) and CJS (`require`) programs loading both entries and making real calls
 *   through the mock ledger's transport and over loopback HTTP (serveMockLedger);
 * - that `confirmed-rpc/testing` loads without msw, and `mockLedgerHandlers` then throws an error
 *   naming msw;
 * - `mockLedgerHandlers` with msw's `setupServer` answering a client (ESM and CJS);
 * - TypeScript (strict, skipLibCheck false) under module node16 ESM, node16 CJS and node10;
 * - an esbuild browser bundle resolving the package's browser build, without a fetch ponyfill.
 * The runtime checks run under every Node of `--node` (default: the running one); other majors
 * come from the `node` package on the registry, cached in <tmp>/confirmed-rpc-node-cache.
 *
 *   npx tsx test/package/consumer/run.ts [--node 20,22,24] [--no-build] [--keep] [--verbose]
 *
 * Prints `ok   <check>` or `FAIL <check>: <reason>` per check, a `# timings` line, and last
 * `N passed, M failed`; exits 1 when any check failed.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { bundleForBrowser } from './bundleForBrowser'
import { type NodeBinary, nodeCacheDir, obtainNode } from './nodeBinary'
import { createLimit, type Outcome, Plan } from './plan'
import { type CommandResult, consumerEnv, describeFailure, runCommand } from './runCommand'
import { type ScriptFormat, type ScriptName, scriptFileName, scriptSource } from './runtimeScripts'
import { typeProjects, typeSource } from './typeProjects'

const root = resolve(import.meta.dirname, '../../..')
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')

const { values: args } = parseArgs({
  options: {
    node: { type: 'string', default: process.versions.node.split('.')[0] },
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
})
const majors = [...new Set((args.node ?? '').split(',').map((part) => Number(part.trim())))]
if (majors.length === 0 || majors.some((major) => !Number.isInteger(major) || major < 1)) {
  console.error(`--node takes Node majors separated by commas, e.g. 20,22,24; got ${args.node}`)
  process.exit(2)
}

const BUILD = 'build: npm run build'
const PACK = 'pack: npm pack'
const BASE = 'install: the tarball alone into a fresh project'
const MSW = 'install: msw@^2 into a copy of it'

const started = performance.now()
const work = mkdtempSync(join(tmpdir(), 'confirmed-rpc-consumer-'))
const env = consumerEnv(root)
// Two cores: more parallel node/tsc processes only slow each other down.
const limit = createLimit(2)
const plan = new Plan(work)
// An interrupted run still removes its projects (about 40 MB each).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (!args.keep) rmSync(work, { recursive: true, force: true })
    process.exit(130)
  })
}

/** Fails with the command's reason unless it exited 0. */
function expectSuccess(label: string, result: CommandResult): CommandResult {
  if (result.code !== 0 || result.timedOut) throw new Error(describeFailure(label, result))
  return result
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

// 1. The tarball.
const built = plan.task(BUILD, async () => {
  if (args['no-build']) return 'skipped by --no-build (using the current dist/)'
  const result = await runCommand('npm', ['run', 'build'], { cwd: root, timeoutMs: 300_000 })
  if (result.code !== 0 || result.timedOut) {
    const output = `${result.stdout}\n${result.stderr}`.split('\n')
    throw plan.failure(
      describeFailure('npm run build', result),
      output.filter((line) => /error/i.test(line) && !line.includes('Unknown user config')),
    )
  }
  return { ms: result.ms }
})

const tarball = plan.task(PACK, async () => {
  await plan.need(built, BUILD)
  const destination = join(work, 'pack')
  mkdirSync(destination)
  const result = expectSuccess(
    'npm pack',
    await runCommand('npm', ['pack', '--json', '--pack-destination', destination], {
      cwd: root,
      timeoutMs: 120_000,
    }),
  )
  const [packed] = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as {
    filename: string
    files: { path: string }[]
  }[]
  if (packed === undefined) throw new Error('npm pack --json reported no tarball')
  return { path: join(destination, packed.filename), files: packed.files.length, ms: result.ms }
})

// 2. The projects. The runtime scripts and TypeScript set-ups are written into the base project
// before it is copied, so the msw project has them too.
function writeProjectFiles(dir: string): void {
  for (const name of ['roundTrip', 'withoutMsw', 'withMsw'] as const) {
    for (const format of ['esm', 'cjs'] as const) {
      writeFileSync(join(dir, scriptFileName(name, format)), scriptSource(name, format))
    }
  }
  for (const project of typeProjects) {
    mkdirSync(join(dir, project.dir))
    writeFileSync(join(dir, project.dir, project.file), typeSource)
    const tsconfig = { compilerOptions: project.compilerOptions, files: [project.file] }
    writeFileSync(join(dir, project.dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`)
  }
}

async function npmInstall(dir: string, specs: readonly string[]): Promise<CommandResult> {
  const install = ['install', ...specs, '--no-audit', '--no-fund', '--ignore-scripts=false']
  return expectSuccess(
    `npm install ${specs.join(' ')}`,
    await runCommand('npm', install, { cwd: dir, timeoutMs: 300_000, env }),
  )
}

const baseProject = plan.task(BASE, async () => {
  const packed = await plan.need(tarball, PACK)
  const dir = join(work, 'base')
  mkdirSync(dir)
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2)}\n`,
  )
  const { ms } = await npmInstall(dir, [packed.path])
  const manifest = JSON.parse(
    readFileSync(join(dir, 'node_modules', 'confirmed-rpc', 'package.json'), 'utf8'),
  ) as { version: string; dependencies?: Record<string, string> }
  writeProjectFiles(dir)
  const dependencies = Object.keys(manifest.dependencies ?? {}).join(', ')
  return {
    dir,
    ms,
    detail: `confirmed-rpc ${manifest.version} (${packed.files} files), dependencies: ${dependencies}`,
  }
})

const mswProject = plan.task(MSW, async () => {
  const base = await plan.need(baseProject, BASE)
  const dir = join(work, 'with-msw')
  cpSync(base.dir, dir, { recursive: true, verbatimSymlinks: true })
  const { ms } = await npmInstall(dir, ['msw@^2'])
  const { version } = JSON.parse(
    readFileSync(join(dir, 'node_modules', 'msw', 'package.json'), 'utf8'),
  ) as { version: string }
  return { dir, ms, detail: `msw ${version}` }
})

// 3. Type checks and the browser bundle: once, they do not depend on the Node running them.
for (const project of typeProjects) {
  plan.task(project.name, async () => {
    const base = await plan.need(baseProject, BASE)
    const cwd = join(base.dir, project.dir)
    const result = await limit(() =>
      runCommand(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], {
        cwd,
        timeoutMs: 120_000,
        env,
      }),
    )
    if (result.code === 0 && !result.timedOut) return { ms: result.ms }
    if (result.timedOut) throw new Error(describeFailure('tsc', result))
    const lines = result.stdout.split('\n').filter((line) => line.trim() !== '')
    const errors = lines.filter((line) => /error TS\d+/.test(line))
    const first = errors[0] ?? lines[0] ?? result.stderr.trim()
    throw plan.failure(`${errors.length} tsc error(s), first: ${first}`, lines)
  })
}

plan.task(
  'browser: esbuild (platform browser) bundles dist/browser/index.js, no fetch ponyfill',
  async () => {
    const base = await plan.need(baseProject, BASE)
    return limit(async () => {
      const bundleStarted = performance.now()
      const detail = await bundleForBrowser(base.dir)
      return { detail, ms: performance.now() - bundleStarted }
    })
  },
)

// 4. Runtime checks, per Node.
const runtimeChecks: readonly {
  name: ScriptName
  format: ScriptFormat
  msw: boolean
  label: string
}[] = [
  {
    name: 'roundTrip',
    format: 'esm',
    msw: false,
    label: 'ESM: import both entries, calls via transport and HTTP',
  },
  {
    name: 'roundTrip',
    format: 'cjs',
    msw: false,
    label: 'CJS: require both entries, calls via transport and HTTP',
  },
  {
    name: 'withoutMsw',
    format: 'esm',
    msw: false,
    label: 'ESM without msw: testing loads, mockLedgerHandlers() throws naming msw',
  },
  {
    name: 'withoutMsw',
    format: 'cjs',
    msw: false,
    label: 'CJS without msw: testing loads, mockLedgerHandlers() throws naming msw',
  },
  {
    name: 'withMsw',
    format: 'esm',
    msw: true,
    label: 'ESM with msw: setupServer(...mockLedgerHandlers()) answers createClient({ url })',
  },
  {
    name: 'withMsw',
    format: 'cjs',
    msw: true,
    label: 'CJS with msw: setupServer(...mockLedgerHandlers()) answers createClient({ url })',
  },
]
const runningMajor = Number(process.versions.node.split('.')[0])
const nodeTimings: Promise<string>[] = []

for (const major of majors) {
  const installName = `node ${major}: npm install node@${major}`
  const binary: Promise<NodeBinary> =
    major === runningMajor
      ? obtainNode(major, root)
      : plan.task(installName, async () => {
          const node = await obtainNode(major, root)
          return { ...node, detail: `${node.version} at ${node.path} (kept in ${nodeCacheDir})` }
        })
  const checks = runtimeChecks.map((check) =>
    plan.task(`node ${major} ${check.label}`, async () => {
      const node = await plan.need(binary, installName)
      const project = await plan.need(check.msw ? mswProject : baseProject, check.msw ? MSW : BASE)
      const file = scriptFileName(check.name, check.format)
      const result = await limit(() =>
        runCommand(node.path, [file], { cwd: project.dir, timeoutMs: 60_000, env }),
      )
      expectSuccess(`${node.version} ${file}`, result)
      const done = result.stdout.split('\n').find((line) => line.startsWith('DONE '))
      if (done === undefined) throw new Error(`${file} exited 0 without printing DONE`)
      return { ms: result.ms, detail: `${node.version}: ${done.slice('DONE '.length)}` }
    }),
  )
  nodeTimings.push(
    Promise.allSettled(checks).then((settled) => {
      const ms = settled.reduce(
        (total, item) => total + (item.status === 'fulfilled' ? item.value.ms : 0),
        0,
      )
      const install = plan.msOf(installName)
      const obtained =
        major === runningMajor
          ? 'running'
          : `binary ${install === undefined ? 'failed' : seconds(install)}`
      return `node ${major} ${obtained}, checks ${seconds(ms)}`
    }),
  )
}

let outcomes: Outcome[] = []
try {
  outcomes = await plan.report(args.verbose ?? false)
} finally {
  if (args.keep) console.log(`# kept ${work}`)
  else rmSync(work, { recursive: true, force: true })
}
const phase = (label: string, name: string) => {
  const ms = plan.msOf(name)
  return `${label} ${ms === undefined ? 'failed' : seconds(ms)}`
}
const timings = [
  phase('build', BUILD),
  phase('pack', PACK),
  phase('install', BASE),
  phase('install msw', MSW),
  ...(await Promise.all(nodeTimings)),
  `total ${seconds(performance.now() - started)}`,
]
console.log(`# timings: ${timings.join('; ')}`)
const failed = outcomes.filter((outcome) => !outcome.ok).length
console.log(`${outcomes.length - failed} passed, ${failed} failed`)
process.exitCode = failed === 0 ? 0 : 1
