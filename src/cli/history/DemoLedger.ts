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
