/** How an endpoint answered one call: a result, a JSON-RPC error, or only an HTTP status. */
export type CallOutcome =
  | Readonly<{ kind: 'result'; value: unknown; status: number }>
  | Readonly<{ kind: 'error'; code: number; message: string; status: number }>
  | Readonly<{ kind: 'http'; status: number; text: string }>

/** A method the report covers, and whether the endpoint serves it. */
export type MethodReport = Readonly<{
  /** The endpoint answered with a result (for history methods: also for an empty history). */
  served: boolean
  /** How it refused, when it did: `-32601 Method not found`, `HTTP 410 ...`. */
  refusal?: string | undefined
}>

/** What `confirmed-rpc check` found out about an endpoint. */
export type CheckReport = Readonly<{
  /** The endpoint, secrets redacted. */
  endpoint: string
  /** The address the history probes used. */
  address: string
  /** `getSlot`, or null when refused. */
  slot: number | null
  /** `getFirstAvailableBlock`: the oldest slot it has, or null when refused. */
  firstAvailableBlock: number | null
  methods: Readonly<Record<string, MethodReport>>
  /** How its history method pages; null fields were not measurable (no history method). */
  paging: Readonly<{
    /** The history method a walk sends there, or null when it serves none. */
    method: string | null
    /** `until` lists the `until` entry itself (Old Faithful), or not (Agave). */
    untilInclusive: boolean | null
    /** An unknown `before`: an empty page, or an error (its code). */
    unknownCursor: 'empty' | `error ${number}` | null
    /** `limit: 1001`: refused (its code), or served (clamped to the server's cap). */
    limitAbove1000: 'clamped' | `error ${number}` | null
    /** A JSON-RPC batch of two `getSlot` calls is answered with an array. */
    batches: boolean
    /** getTransaction of an unknown signature: `null`, or an error (its code). */
    unknownTransaction: 'null' | `error ${number}` | null
  }>
  /** Response headers that speak of rate limits (`x-ratelimit-*`, `retry-after`), as seen. */
  rateLimitHeaders: readonly string[]
  /** What this client does there, one line each. */
  client: readonly string[]
  /** Whether a history walk can be exact there (the exit code: 0 when it can, 1 when not). */
  exact: boolean
  /** Requests sent. */
  requests: number
}>
