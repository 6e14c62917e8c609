import type { MethodContext } from '../actions/ActionClient'
import { describeValue, isConfirmedRpcError, ResponseShapeError } from '../errors/ConfirmedRpcError'
import { INVALID_PARAMS } from '../errors/JsonRpcErrorCode'
import { isPlainObject } from '../json/parseJson'
import type { Commitment, U64Mode } from '../schemas/common'
import { TOKEN_PROGRAMS } from './findAssociatedTokenAddress'

const METHOD = 'getTokenAccountsByOwner'

/** The token accounts a wallet holds now, and the slot the node read them at (S0). */
type TokenAccountListing = Readonly<{ slot: number; accounts: readonly string[] }>

function shapeError(
  context: MethodContext<U64Mode>,
  path: string,
  expected: string,
  value: unknown,
) {
  const received = describeValue(value, context.redact)
  return new ResponseShapeError({
    code: 'RESPONSE_SHAPE',
    details: [`Expected ${expected}, received ${received}.`],
    context: { method: METHOD, endpoint: context.endpoint, path, expected, received },
  })
}

/** Reads `{ context: { slot }, value: [{ pubkey }] }`, the part discovery needs. */
function readListing(context: MethodContext<U64Mode>, result: unknown): TokenAccountListing {
  if (!isPlainObject(result) || !isPlainObject(result.context)) {
    throw shapeError(context, '$.context', 'an RpcResponse object', result)
  }
  const slot = result.context.slot
  const number = typeof slot === 'bigint' ? Number(slot) : slot
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) {
    throw shapeError(context, '$.context.slot', 'a slot', slot)
  }
  if (!Array.isArray(result.value)) throw shapeError(context, '$.value', 'an array', result.value)
  const accounts = result.value.map((entry: unknown, i) => {
    const pubkey = isPlainObject(entry) ? entry.pubkey : undefined
    if (typeof pubkey !== 'string')
      throw shapeError(context, `$.value[${i}].pubkey`, 'a string', pubkey)
    return pubkey
  })
  return { slot: number, accounts }
}

/**
 * The wallet's current token accounts under both token programs: one getTokenAccountsByOwner
 * call per program (`{ programId }`: a node lists one program per call), `base64` with a 0-byte
 * `dataSlice`, since only the addresses matter. A node that does not know Token-2022 (before
 * 1.14) answers its call with -32602 `unrecognized Token program id`: no accounts there. The
 * listing's slot is the lower of the two answers' `context.slot`.
 */
export async function listTokenAccounts(
  context: MethodContext<U64Mode>,
  owner: string,
  commitment: Commitment | undefined,
  signal: AbortSignal,
): Promise<TokenAccountListing> {
  const config = {
    encoding: 'base64',
    dataSlice: { offset: 0, length: 0 },
    ...(commitment === undefined ? {} : { commitment }),
  }
  const listings = await Promise.all(
    TOKEN_PROGRAMS.map(async (programId, index) => {
      try {
        const result = await context.transport(
          { method: METHOD, params: [owner, { programId }, config] },
          { signal },
        )
        return readListing(context, result)
      } catch (error) {
        const unknownProgram =
          index > 0 &&
          isConfirmedRpcError(error, 'RPC_ERROR') &&
          error.context.rpcCode === INVALID_PARAMS &&
          error.context.rpcMessage.includes('unrecognized Token program id')
        if (unknownProgram) return undefined
        throw error
      }
    }),
  )
  const known = listings.filter((listing) => listing !== undefined)
  return {
    slot: Math.min(...known.map((listing) => listing.slot)),
    accounts: known.flatMap((listing) => listing.accounts),
  }
}
