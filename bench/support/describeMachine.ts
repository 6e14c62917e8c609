import { readFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, platform, release, totalmem } from 'node:os'

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((text) => text.startsWith('model name'))
    if (line !== undefined) return line.slice(line.indexOf(':') + 1).trim()
  } catch {
    // Not Linux: fall back to what Node reports.
  }
  return cpus()[0]?.model ?? 'unknown CPU'
}

/** One line about the machine a run happened on: cores, CPU, memory, Node and V8, load. */
export function describeMachine(): string {
  const [load1 = 0] = loadavg()
  return [
    `${availableParallelism()} cores (${cpuModel()})`,
    `${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
    `${platform()} ${release()}`,
    `Node ${process.version} (V8 ${process.versions.v8})`,
    `load ${load1.toFixed(2)} at start`,
  ].join(', ')
}
