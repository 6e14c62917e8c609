import { isPlainObject } from '../../json/parseJson'
import { describeUnexpected } from './describeUnexpected'
import type { ProfileRules } from './profileRules'
import { invalidParams, type Outcome, ok } from './RpcErrorObject'
import type { CommitmentLevel } from './readCommitment'
import { serdeMismatch } from './serdeMismatch'

/** What each `CommitmentLevel` variant reads at (`bank()` in `rpc.rs`: `recent` is the heaviest slot, `single*` the confirmed bank, `max` and `root` the root). */
const LEVELS: Readonly<Record<string, CommitmentLevel>> = {
  max: 'finalized',
  recent: 'processed',
  root: 'finalized',
  single: 'confirmed',
  singleGossip: 'confirmed',
  processed: 'processed',
  confirmed: 'confirmed',
  finalized: 'finalized',
}

/** serde's list of expected variants: ``one of `a`, `b`, `c` ``. */
function expectedVariants(variants: readonly string[]): string {
  return `one of ${variants.map((name) => `\`${name}\``).join(', ')}`
}

function readLevel(value: unknown, variants: readonly string[]): Outcome<CommitmentLevel> {
  const unknownVariant = (name: string) =>
    invalidParams(
      `Invalid params: unknown variant \`${name}\`, expected ${expectedVariants(variants)}.`,
    )
  let name: string
  if (typeof value === 'string') {
    name = value
  } else if (isPlainObject(value)) {
    // serde_json also reads a unit variant from the one-key map `{"<name>": null}`.
    const keys = Object.keys(value)
    const [key] = keys
    if (key === undefined || keys.length > 1) {
      return invalidParams('Invalid params: invalid value: map, expected map with a single key.')
    }
    if (!variants.includes(key)) return unknownVariant(key)
    if (value[key] !== null) {
      return invalidParams(
        `Invalid params: invalid type: ${describeUnexpected(value[key])}, expected unit.`,
      )
    }
    name = key
  } else {
    return invalidParams(
      `Invalid params: invalid type: ${describeUnexpected(value)}, expected string or map.`,
    )
  }
  if (!variants.includes(name)) return unknownVariant(name)
  return ok(LEVELS[name] ?? 'finalized')
}

/**
 * Reads a param typed as a bare `Option<CommitmentConfig>` (not flattened into a config), as
 * getSlot took it up to 1.9 and getBlocks / getBlocksWithLimit (and their confirmed names) up to
 * 1.18 (`core/src/rpc.rs` @v1.3.23 and @v1.6.22, `rpc/src/rpc.rs` @v1.18.26). Unlike a
 * flattened commitment, serde reports every fault: a missing `commitment`, an unknown level
 * (``unknown variant `x`, expected one of ...``, the release's variants in declaration order),
 * a value of the wrong type. Unknown keys are ignored. `undefined` means the param was absent.
 */
export function readCommitmentConfigParam(
  value: unknown,
  rules: ProfileRules,
): Outcome<CommitmentLevel | undefined> {
  if (value === undefined || value === null) return ok(undefined)
  if (!isPlainObject(value)) return invalidParams(serdeMismatch(value, 'struct CommitmentConfig'))
  if (!Object.hasOwn(value, 'commitment')) {
    return invalidParams('Invalid params: missing field `commitment`.')
  }
  return readLevel(value.commitment, rules.commitmentVariants)
}
