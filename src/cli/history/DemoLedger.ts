/** The mock ledger `--demo` walks, served on loopback: see {@link startDemoLedger}. */
export type DemoLedger = Readonly<{
  /** Its HTTP endpoint on 127.0.0.1. */
  url: string
  /** Its busiest address. */
  address: string
  close(): Promise<void>
}>
