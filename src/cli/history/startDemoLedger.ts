import type { LedgerState } from '../../testing/index'

/** The mock ledger `--demo` walks, served on loopback: see {@link startDemoLedger}. */
export type DemoLedger = Readonly<{
  /** Its HTTP endpoint on 127.0.0.1. */
  url: string
  /** Its busiest address. */
  address: string
  /** The node release the ledger answers as (`createMockLedger`'s `profile`). */
  profile: string
  /** The seed it was generated from. */
  seed: number
  close(): Promise<void>
}>

// Built once per process: a program that runs the demo again (tests do) serves the same state.
let demoState: LedgerState | undefined

/**
 * Builds the mock ledger of `confirmed-rpc/testing` (seed 1: the same signatures on every run,
 * so a `--demo` export resumes too) and serves it over HTTP on 127.0.0.1, so the demo takes the
 * same path as a real endpoint. Imported only when `--demo` runs: the mock stays out of the
 * program's other paths, and out of the library's entries.
 */
export async function startDemoLedger(): Promise<DemoLedger> {
  const [{ createMockLedger }, { serveMockLedger }] = await Promise.all([
    import('../../testing/index'),
    import('../../testing/index'),
  ])
  const seed = 1
  const ledger = createMockLedger({ seed, state: demoState })
  demoState = ledger.state
  const server = await serveMockLedger(ledger)
  return {
    url: server.url,
    address: ledger.addresses()[0] ?? '',
    profile: ledger.profile,
    seed,
    close: server.close,
  }
}
