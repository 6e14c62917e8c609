/**
 * The TypeScript set-ups a consumer compiles the package under, with the strictest library
 * checking (`skipLibCheck: false`), so the shipped .d.ts/.d.cts files are checked as well.
 */

export type TypeProject = Readonly<{
  name: string
  /** Folder inside the consumer project; the package resolves from its node_modules above. */
  dir: string
  file: string
  compilerOptions: Readonly<Record<string, unknown>>
}>

// Top-level await is left out: the CommonJS variants cannot use it. The @ts-expect-error lines
// also catch types that collapse to `any`: an unused directive is itself an error.
export const typeSource = `import { createClient, type ConfirmedTransaction } from 'confirmed-rpc'
import { getTransaction, type ActionClient } from 'confirmed-rpc/actions'
import { createMockLedger, serveMockLedger, type MockLedger } from 'confirmed-rpc/testing'

export async function main(): Promise<bigint | undefined> {
  const ledger: MockLedger = createMockLedger({ seed: 1, transactions: 200 })
  const client = createClient({ transport: ledger.transport })
  const [address = ''] = ledger.addresses()
  const page = await client.getConfirmedSignaturesForAddress2(address, { limit: 5 })
  const signature: string = page[0]?.signature ?? ''
  const tx = await client.getConfirmedTransaction(signature, { encoding: 'jsonParsed' })
  const parsed: ConfirmedTransaction<'jsonParsed'> | null = tx
  const fee: bigint | undefined = tx?.meta?.fee
  // @ts-expect-error fee is a bigint in the default u64 mode
  const wrong: number | undefined = tx?.meta?.fee
  // @ts-expect-error 'hex' is not an encoding
  await client.getConfirmedTransaction(signature, { encoding: 'hex' })
  const server = await serveMockLedger(ledger, { port: 0 })
  const overHttp = createClient({ url: server.url })
  const slot: bigint | undefined = (await overHttp.getConfirmedTransaction(signature))?.slot
  const numbers: ActionClient<'number'> = { transport: ledger.transport, u64: 'number' }
  const plain: number | undefined = (await getTransaction(numbers, signature, 'base64'))?.slot
  // @ts-expect-error the slot is a number for a number client
  const narrow: bigint | undefined = (await getTransaction(numbers, signature))?.slot
  await server.close()
  if (plain === undefined || narrow === undefined) return undefined
  return parsed === null || wrong === undefined ? slot : fee
}
`

const strict = {
  strict: true,
  skipLibCheck: false,
  noEmit: true,
  target: 'ES2022',
  lib: ['ES2022', 'DOM'],
  // Nothing from @types: the package's types must stand on their own.
  types: [],
}

export const typeProjects: readonly TypeProject[] = [
  {
    name: 'types: module node16, ESM (.mts)',
    dir: 'types-node16-esm',
    file: 'consumer.mts',
    compilerOptions: { ...strict, module: 'node16', moduleResolution: 'node16' },
  },
  {
    name: 'types: module node16, CommonJS (.cts)',
    dir: 'types-node16-cjs',
    file: 'consumer.cts',
    compilerOptions: { ...strict, module: 'node16', moduleResolution: 'node16' },
  },
  {
    name: 'types: moduleResolution node10 (module commonjs)',
    dir: 'types-node10',
    file: 'consumer.ts',
    compilerOptions: { ...strict, module: 'commonjs', moduleResolution: 'node10' },
  },
]
