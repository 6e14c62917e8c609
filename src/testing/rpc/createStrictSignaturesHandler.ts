import { isPlainObject } from '../../json/parseJson'
import type { ArchiveDialect } from './ArchiveDialect'
import { createGetSignaturesForAddressHandler } from './createGetSignaturesForAddressHandler'
import type { MethodHandler } from './MethodHandler'
import { invalidParams } from './RpcErrorObject'

const AGAVE = createGetSignaturesForAddressHandler(false)
const KNOWN_KEYS = new Set(['before', 'until', 'limit', 'commitment', 'minContextSlot'])

/**
 * getSignaturesForAddress with Superbank's config checks in front of Agave 4's scan (solana-rpc/
 * superbank `handle_get_signatures_for_address`; `GetSignaturesForAddressOptions` has
 * `#[serde(deny_unknown_fields)]`): an unknown key, `limit: 0` and `processed` are -32602; a
 * limit above the cap is cut to it (`requested_limit.min(max_signatures_limit)`).
 */
export function createStrictSignaturesHandler(dialect: ArchiveDialect): MethodHandler {
  return (ctx, params) => {
    if (!Array.isArray(params)) return AGAVE(ctx, params)
    const [address, config, ...rest] = params
    if (!isPlainObject(config)) return AGAVE(ctx, params)
    const unknown = Object.keys(config).find((key) => !KNOWN_KEYS.has(key))
    if (unknown !== undefined) {
      return invalidParams(
        `Invalid params: failed to parse options (unknown field \`${unknown}\`, expected one of ${[...KNOWN_KEYS].map((key) => `\`${key}\``).join(', ')})`,
      )
    }
    const { limit, commitment } = config
    if (limit === 0) return invalidParams(`Invalid limit; max ${dialect.maxLimit}`)
    if (typeof commitment === 'string' && commitment.toLowerCase() === 'processed') {
      return invalidParams('Only confirmed or finalized commitments are supported')
    }
    const capped =
      typeof limit === 'number' && limit > dialect.maxLimit
        ? { ...config, limit: dialect.maxLimit }
        : config
    return AGAVE(ctx, [address, capped, ...rest])
  }
}
