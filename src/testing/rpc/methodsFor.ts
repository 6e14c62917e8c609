import type { ArchiveDialect } from './ArchiveDialect'
import {
  createArchiveSignaturesHandler,
  createArchiveTransactionHandler,
  createStrictSignaturesHandler,
} from './archiveHandlers'
import { createGetBalanceHandler } from './createGetBalanceHandler'
import { createGetBlockHandler } from './createGetBlockHandler'
import { createGetBlocksHandler, createGetBlocksWithLimitHandler } from './createGetBlocksHandler'
import { createGetFirstAvailableBlockHandler } from './createGetFirstAvailableBlockHandler'
import { createGetSignaturesForAddressHandler } from './createGetSignaturesForAddressHandler'
import { createGetSlotHandler } from './createGetSlotHandler'
import { createGetTokenAccountsByOwnerHandler } from './createGetTokenAccountsByOwnerHandler'
import { createGetTransactionHandler } from './createGetTransactionHandler'
import { createGetTransactionsForAddressHandler } from './createGetTransactionsForAddressHandler'
import type { ProfileRules, ProviderMethod } from './profileRules'
import type { MethodHandler } from './types'

/**
 * Served by every release the mock imitates (getSlot, getBalance: 1.0; getFirstAvailableBlock:
 * PR #9656, 1.0.x / 1.1; getTokenAccountsByOwner: 1.2).
 */
const ALWAYS: readonly (readonly [string, MethodHandler])[] = [
  ['getSlot', createGetSlotHandler()],
  ['getBalance', createGetBalanceHandler()],
  ['getTokenAccountsByOwner', createGetTokenAccountsByOwnerHandler()],
  ['getFirstAvailableBlock', createGetFirstAvailableBlockHandler()],
]

/** The 1.7 names (PR #16502), kept by Agave. */
const REPLACEMENTS: readonly (readonly [string, MethodHandler])[] = [
  ['getTransaction', createGetTransactionHandler(false)],
  ['getSignaturesForAddress', createGetSignaturesForAddressHandler(false)],
  ['getBlock', createGetBlockHandler(false)],
  ['getBlocks', createGetBlocksHandler(false)],
  ['getBlocksWithLimit', createGetBlocksWithLimitHandler()],
]

/**
 * The confirmed names, up to 1.18 (Agave 2.0 removed them). getConfirmedBlocksWithLimit is
 * PR #12599 (1.3.x backport).
 */
const DEPRECATED: readonly (readonly [string, MethodHandler])[] = [
  ['getConfirmedTransaction', createGetTransactionHandler(true)],
  ['getConfirmedSignaturesForAddress2', createGetSignaturesForAddressHandler(true)],
  ['getConfirmedBlock', createGetBlockHandler(true)],
  ['getConfirmedBlocks', createGetBlocksHandler(true)],
  ['getConfirmedBlocksWithLimit', createGetBlocksWithLimitHandler()],
]

const PROVIDER: Readonly<Record<ProviderMethod, MethodHandler>> = {
  getTransactionsForAddress: createGetTransactionsForAddressHandler(),
}

const BY_AVAILABILITY = new Map<string, ReadonlyMap<string, MethodHandler>>()
const BY_ARCHIVE = new Map<ArchiveDialect, ReadonlyMap<string, MethodHandler>>()

/**
 * An archive's methods: the history ones, in its dialect, and the block ones as a node serves
 * them (Old Faithful's allow-list, `multiepoch.go:606-613`); no deprecated name, no provider
 * method (the mock's Superbank serves no getTransactionsForAddress either).
 */
function archiveMethods(dialect: ArchiveDialect): ReadonlyMap<string, MethodHandler> {
  let methods = BY_ARCHIVE.get(dialect)
  if (methods === undefined) {
    methods = new Map([
      ...ALWAYS,
      ...REPLACEMENTS,
      ...(dialect.transactionNotFoundError
        ? [['getTransaction', createArchiveTransactionHandler()] as const]
        : []),
      [
        'getSignaturesForAddress',
        dialect.cursorsInAddressHistory
          ? createArchiveSignaturesHandler(dialect)
          : dialect.strictSignaturesConfig
            ? createStrictSignaturesHandler(dialect)
            : createGetSignaturesForAddressHandler(false),
      ],
    ])
    BY_ARCHIVE.set(dialect, methods)
  }
  return methods
}

/**
 * The methods a profile's node serves, provider methods included; every other name is -32601.
 */
export function methodsFor(rules: ProfileRules): ReadonlyMap<string, MethodHandler> {
  if (rules.archive !== undefined) return archiveMethods(rules.archive)
  const provider = [...new Set(rules.providerMethods)].sort()
  const key = `${rules.replacementMethods}/${rules.deprecatedMethods}/${provider.join(',')}`
  let methods = BY_AVAILABILITY.get(key)
  if (methods === undefined) {
    methods = new Map([
      ...ALWAYS,
      ...(rules.replacementMethods ? REPLACEMENTS : []),
      ...(rules.deprecatedMethods ? DEPRECATED : []),
      ...provider.map((name) => [name, PROVIDER[name]] as const),
    ])
    BY_AVAILABILITY.set(key, methods)
  }
  return methods
}
