import { type JsonRpcCall, startLoopbackServer } from './loopbackServer'

/**
 * The -32015 text of Agave (`rpc-client-api/src/custom_error.rs`,
 * `RpcCustomError::UnsupportedTransactionVersion`), the same for getTransaction and getBlock.
 */
export function unsupportedVersionText(version: number): string {
  return `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`
}

/** The budget a {@link startV1Proxy} gives each v1 transaction, beside its priority fee. */
export const V1_LIMITS = { computeUnitLimit: 200_000, loadedAccountsDataSizeLimit: 65_536 }

/** Options of {@link startV1Proxy}. */
export type V1ProxyOptions = Readonly<{
  /** A served mock ledger's URL, where every request goes on to. */
  target: string
  /** Signatures of legacy transactions of that ledger the proxy serves as version 1 ones. */
  v1: ReadonlySet<string>
}>

/** A node of today's mainnet in front of a served mock ledger; see {@link startV1Proxy}. */
export type V1Proxy = Readonly<{
  url: string
  /** Every JSON-RPC call received (each call of a batch apart), in order. */
  calls: { method: string; params: unknown[] }[]
  close(): Promise<void>
}>

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The `maxSupportedTransactionVersion` a call's config carries, if it is an object with one. */
function versionOf(config: unknown): number | undefined {
  const version = isObject(config) ? config.maxSupportedTransactionVersion : undefined
  return typeof version === 'number' ? version : undefined
}

/**
 * A v1 record as Agave 4.2 writes it, made from the legacy record of the same transaction: `version:
 * 1`, no `addressTableLookups`, and `transactionConfig` with the priority fee the record's fee
 * holds above 5000 lamports a signature (`null` when none). `jsonParsed` account keys already
 * carry `source: 'transaction'` on the profiles used here. Binary encodings are left as they are.
 */
function toV1Record(record: Record<string, unknown>): void {
  record.version = 1
  const transaction = record.transaction
  if (!isObject(transaction) || !isObject(transaction.message)) return
  const { message } = transaction
  const signatures = Array.isArray(transaction.signatures) ? transaction.signatures.length : 1
  const fee = isObject(record.meta) ? Number(record.meta.fee) : 5000 * signatures
  const priority = fee - 5000 * signatures
  delete message.addressTableLookups
  message.transactionConfig = {
    priorityFee: priority > 0 ? priority : null,
    computeUnitLimit: V1_LIMITS.computeUnitLimit,
    loadedAccountsDataSizeLimit: V1_LIMITS.loadedAccountsDataSizeLimit,
    heapSize: null,
  }
}

/** The first signatures of a `getBlock` result's transactions, whatever its details. */
function blockSignatures(block: unknown): string[] {
  if (!isObject(block)) return []
  if (Array.isArray(block.signatures)) return block.signatures as string[]
  if (!Array.isArray(block.transactions)) return []
  return block.transactions.map((entry) => {
    const transaction = isObject(entry) ? entry.transaction : undefined
    return isObject(transaction) && Array.isArray(transaction.signatures)
      ? String(transaction.signatures[0])
      : ''
  })
}

/**
 * A node of today's mainnet (Agave 4.2) in front of a served mock ledger, for the signatures in
 * `v1`: `getTransaction` answers -32015 unless the call asks for version 1 or more, and then the
 * v1 record; `getBlock` with `full` or `accounts` details fails for a block holding one unless it
 * asks for 1. Every other call, and the signature lists, go on unchanged. The loopback server
 * (loopbackServer.ts) with this rule for each call.
 */
export async function startV1Proxy(options: V1ProxyOptions): Promise<V1Proxy> {
  const refuse = (call: JsonRpcCall) => ({
    jsonrpc: '2.0',
    id: call.id,
    error: { code: -32015, message: unsupportedVersionText(1) },
  })
  const server = await startLoopbackServer({
    target: options.target,
    calls: async (call, forward) => {
      const params = call.params ?? []
      // (The deprecated method is gone from 2.0 on: the ledger answers it -32601.)
      if (call.method === 'getTransaction' && options.v1.has(String(params[0]))) {
        const version = versionOf(params[1])
        if (version === undefined || version < 1) return refuse(call)
        const answer = await forward(call)
        if (isObject(answer.result)) toV1Record(answer.result)
        return answer
      }
      const answer = await forward(call)
      if (call.method === 'getBlock') {
        const config = params[1]
        const details = isObject(config) ? config.transactionDetails : undefined
        const full = details === undefined || details === 'full' || details === 'accounts'
        const version = versionOf(config)
        const holdsV1 = blockSignatures(answer.result).some((s) => options.v1.has(s))
        if (full && holdsV1 && (version === undefined || version < 1)) return refuse(call)
      }
      return answer
    },
  })
  return { url: server.url, calls: server.calls, close: server.close }
}
