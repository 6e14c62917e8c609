/**
 * Plain-JS programs a consumer would write, run by a bare `node` in the temporary projects. Each
 * is generated as an .mjs (loading with `import()`) and a .cjs (loading with `require`) from the
 * same body, so both builds meet the same assertions. A program prints `DONE <summary>` on
 * success; on failure it prints `REASON <step>: <error>` and exits 1.
 */

export type ScriptFormat = 'esm' | 'cjs'

export type ScriptName = 'roundTrip' | 'withoutMsw' | 'withMsw'

// Steps name what was being done, so a failure reads "load confirmed-rpc/testing: Cannot find
// package 'msw'" rather than a bare stack trace.
const harness = `
function describe(error) {
  if (!(error instanceof Error)) return String(error)
  const code = typeof error.code === 'string' ? '[' + error.code + '] ' : ''
  return code + error.message.split('\\n')[0]
}
async function step(label, action) {
  try {
    return await action()
  } catch (error) {
    throw new Error(label + ': ' + describe(error))
  }
}
function fail(message) {
  throw new Error(message)
}
function sameHistory(label, actual, expected) {
  const pick = (list) => JSON.stringify(list.map((info) => [info.signature, String(info.slot), info.err]))
  if (pick(actual) !== pick(expected)) {
    fail(label + ': got ' + pick(actual).slice(0, 300) + ', the ledger has ' + pick(expected).slice(0, 300))
  }
}
function expectFunctions(entry, module, names) {
  for (const name of names) {
    if (typeof module[name] !== 'function') fail(entry + ' has no function export ' + name)
  }
}
async function loadEntries(load) {
  const core = await step('load confirmed-rpc', () => load('confirmed-rpc'))
  const actions = await step('load confirmed-rpc/actions', () => load('confirmed-rpc/actions'))
  const testing = await step('load confirmed-rpc/testing', () => load('confirmed-rpc/testing'))
  expectFunctions('confirmed-rpc', core, ['createClient', 'createHttpTransport', 'isConfirmedRpcError'])
  expectFunctions('confirmed-rpc/actions', actions, [
    'getConfirmedTransaction', 'getConfirmedSignaturesForAddress2', 'getTransaction',
    'getSignaturesForAddress', 'signaturesForAddress', 'transactionsForAddress',
  ])
  expectFunctions('confirmed-rpc/testing', testing, ['createMockLedger', 'serveMockLedger', 'mockLedgerHandlers'])
  return { core, actions, testing }
}
function busiest(ledger) {
  const [address] = ledger.addresses()
  if (typeof address !== 'string') fail('the ledger has no address')
  return { address, expected: ledger.signatures(address).slice(0, 5) }
}
`

const bodies: Record<ScriptName, string> = {
  roundTrip: `
async function main(load) {
  const { core, actions, testing } = await loadEntries(load)
  // A 1.18 node: it serves the deprecated methods themselves, to a bare transport too.
  const ledger = testing.createMockLedger({ seed: 1, transactions: 200, profile: 'v1.18' })
  const { address, expected } = busiest(ledger)
  if (expected.length < 5) fail('the ledger gives only ' + expected.length + ' signatures')

  // The actions entry over the same transport, and its errors as the main entry's classes.
  const viaAction = await step('getConfirmedSignaturesForAddress2 action', () =>
    actions.getConfirmedSignaturesForAddress2({ transport: ledger.transport }, address, { limit: 5 }))
  sameHistory('getConfirmedSignaturesForAddress2 action', viaAction, expected)
  const invalid = await actions.getTransaction({ transport: ledger.transport }, 'not base58!').then(
    () => fail('getTransaction action with an invalid signature resolved'),
    (error) => error,
  )
  if (!(invalid instanceof core.InvalidParamError) || !(invalid instanceof core.ConfirmedRpcError)) {
    fail('an action error is not an InvalidParamError of the main entry: ' + describe(invalid))
  }

  const client = core.createClient({ transport: ledger.transport })
  const page = await step('getConfirmedSignaturesForAddress2 through ledger.transport', () =>
    client.getConfirmedSignaturesForAddress2(address, { limit: 5 }))
  sameHistory('getConfirmedSignaturesForAddress2 through ledger.transport', page, expected)
  // The deprecated method can only return legacy transactions: for a v0 one the node answers
  // -32015, and so must the client (the first entry of seed 1 is v0).
  const first = page[0].signature
  if (ledger.transaction(first)?.message.version !== 'legacy') {
    const refused = await client.getConfirmedTransaction(first).then(
      () => fail('getConfirmedTransaction(' + first + ') of a v0 transaction resolved; expected -32015'),
      (error) => error,
    )
    if (!core.isConfirmedRpcError(refused) || !/-32015/.test(refused.message)) {
      fail('getConfirmedTransaction of a v0 transaction: expected a ConfirmedRpcError -32015, got ' + describe(refused))
    }
  }
  const legacy = ledger
    .signatures(address)
    .find((info) => ledger.transaction(info.signature)?.message.version === 'legacy')
  if (legacy === undefined) fail('the busiest address has no legacy transaction')
  const signature = legacy.signature
  const tx = await step('getConfirmedTransaction', () => client.getConfirmedTransaction(signature))
  if (tx === null) fail('getConfirmedTransaction(' + signature + ') returned null')
  if (tx.transaction.signatures[0] !== signature) {
    fail('getConfirmedTransaction returned signature ' + tx.transaction.signatures[0] + ', not ' + signature)
  }
  const slot = ledger.transaction(signature).slot
  if (tx.slot !== BigInt(slot)) fail('getConfirmedTransaction returned slot ' + tx.slot + ', the ledger has ' + slot)
  const row = ledger.transaction(signature)
  const fee = row.metaMissing ? undefined : row.meta.fee
  if (tx.meta?.fee !== fee) fail('getConfirmedTransaction returned fee ' + tx.meta?.fee + ', the ledger has ' + fee)

  const server = await step('serveMockLedger', () => testing.serveMockLedger(ledger, { port: 0 }))
  try {
    const http = core.createClient({ url: server.url })
    const overHttp = await step('getConfirmedSignaturesForAddress2 over HTTP (' + server.url + ')', () =>
      http.getConfirmedSignaturesForAddress2(address, { limit: 5 }))
    sameHistory('getConfirmedSignaturesForAddress2 over HTTP', overHttp, expected)
    if (server.stats.requests !== 1) fail('serveMockLedger counted ' + server.stats.requests + ' requests, not 1')
  } finally {
    await server.close()
  }
  return page.length + ' signatures; ' + signature.slice(0, 8) + '… fee ' + fee + '; HTTP ' + server.url
}
`,
  withoutMsw: `
async function main(load) {
  let mswLoaded = false
  try {
    await load('msw')
    mswLoaded = true
  } catch {}
  if (mswLoaded) fail('msw is installed in this project, so its absence cannot be tested')
  const { testing } = await loadEntries(load)
  const ledger = testing.createMockLedger({ seed: 1, transactions: 20 })
  let thrown
  try {
    // Awaited so that a lazily loading (async) mockLedgerHandlers is covered too.
    await testing.mockLedgerHandlers(ledger, { url: 'https://rpc.consumer.test/' })
  } catch (error) {
    thrown = error
  }
  if (thrown === undefined) fail('mockLedgerHandlers returned handlers although msw is not installed')
  const message = describe(thrown)
  if (!/msw/.test(message)) fail('mockLedgerHandlers threw without naming msw: ' + message)
  return 'mockLedgerHandlers threw: ' + message
}
`,
  withMsw: `
async function main(load) {
  const { core, testing } = await loadEntries(load)
  const { setupServer } = await step('load msw/node', () => load('msw/node'))
  const ledger = testing.createMockLedger({ seed: 1, transactions: 200 })
  const { address, expected } = busiest(ledger)
  // A name that no DNS answers: only msw can.
  const url = 'https://rpc.consumer.test/'
  const handlers = await step('mockLedgerHandlers', () => testing.mockLedgerHandlers(ledger, { url }))
  const server = setupServer(...handlers)
  const seen = []
  server.events.on('request:start', ({ request }) => seen.push(request.method + ' ' + request.url))
  server.listen({ onUnhandledRequest: 'error' })
  try {
    const client = core.createClient({ url })
    const page = await step('getConfirmedSignaturesForAddress2 through msw', () =>
      client.getConfirmedSignaturesForAddress2(address, { limit: 5 }))
    sameHistory('getConfirmedSignaturesForAddress2 through msw', page, expected)
    if (seen.length !== 1 || seen[0] !== 'POST ' + url) fail('msw saw ' + JSON.stringify(seen))
  } finally {
    server.close()
  }
  return 'answered through msw: ' + seen.join(', ')
}
`,
}

const loaders: Record<ScriptFormat, string> = {
  esm: 'const load = (specifier) => import(specifier)',
  cjs: 'const load = (specifier) => require(specifier)',
}

const runner = `
main(load).then(
  (summary) => console.log('DONE ' + summary),
  (error) => {
    console.error('REASON ' + describe(error))
    process.exitCode = 1
  },
)
`

export function scriptFileName(name: ScriptName, format: ScriptFormat): string {
  return `${name}.${format === 'esm' ? 'mjs' : 'cjs'}`
}

export function scriptSource(name: ScriptName, format: ScriptFormat): string {
  return [loaders[format], harness, bodies[name], runner].join('\n')
}
