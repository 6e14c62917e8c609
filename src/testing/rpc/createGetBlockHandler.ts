import { isPlainObject } from '../../json/parseJson'
import { isSigner, isWritable } from '../ledger/accountPrivileges'
import type { LedgerBlock, LedgerState, LedgerTransaction } from '../ledger/types'
import type { RpcContext } from './createRpcContext'
import { blockTimeFor, type CommitmentLevel, readCommitment } from './createRpcContext'
import {
  allAccountKeys,
  encodeMeta,
  encodeReward,
  encodeTransactionBody,
} from './encodeTransaction'
import {
  isUnsignedInteger,
  readBareEncodingParam,
  readPositionalParams,
  serdeMismatch,
} from './readParams'
import type { MethodHandler, WireEncoding } from './types'
import { invalidParams, type Outcome, ok, rpcError } from './types'
import type { JsonOut } from './writeJson'

/** `TransactionDetails` (`transaction-status-client-types`). */
type TransactionDetails = 'full' | 'signatures' | 'none' | 'accounts'

/** The second param of getBlock after the node's reading of it. */
type BlockConfig = Readonly<{
  encoding: WireEncoding
  transactionDetails: TransactionDetails
  rewards: boolean
  commitment: CommitmentLevel
  maxSupportedTransactionVersion: number | undefined
}>

const DEFAULT_CONFIG: BlockConfig = {
  encoding: 'json',
  transactionDetails: 'full',
  rewards: true,
  commitment: 'finalized',
  maxSupportedTransactionVersion: undefined,
}

const ENCODINGS: ReadonlySet<string> = new Set(['json', 'jsonParsed', 'base58', 'base64', 'binary'])

const UNTAGGED =
  'Invalid params: data did not match any variant of untagged enum RpcEncodingConfigWrapper.'

/** A unit-variant enum value as serde_json reads it: `"name"` or `{"name": null}`. */
function readVariant(value: unknown, names: ReadonlySet<string>): string | undefined {
  if (typeof value === 'string') return names.has(value) ? value : undefined
  if (isPlainObject(value)) {
    const keys = Object.keys(value)
    const [key] = keys
    if (keys.length === 1 && key !== undefined && names.has(key) && value[key] === null) return key
  }
  return undefined
}

/**
 * `Option<RpcEncodingConfigWrapper<RpcBlockConfig>>` (untagged: a bare encoding, or the config).
 * Any fault inside the config is the one untagged message. `transactionDetails: 'accounts'`
 * exists from 1.14 (PR #27601); `maxSupportedTransactionVersion` only in getBlock's config and
 * from 1.10 (PR #22530): getConfirmedBlock's `RpcConfirmedBlockConfig` has no such field.
 */
function readBlockConfig(
  value: unknown,
  ctx: RpcContext,
  acceptsVersion: boolean,
): Outcome<BlockConfig> {
  const { rules } = ctx
  if (!rules.blockConfigObject) {
    const encoding = readBareEncodingParam(value)
    return encoding.ok ? ok({ ...DEFAULT_CONFIG, encoding: encoding.value }) : encoding
  }
  if (value === undefined || value === null) return ok(DEFAULT_CONFIG)
  const bare = readVariant(value, ENCODINGS)
  if (bare !== undefined) return ok({ ...DEFAULT_CONFIG, encoding: bare as WireEncoding })
  if (!isPlainObject(value)) return invalidParams(UNTAGGED)
  const present = (key: string) => value[key] !== undefined && value[key] !== null
  let encoding: WireEncoding = 'json'
  if (present('encoding')) {
    const read = readVariant(value.encoding, ENCODINGS)
    if (read === undefined) return invalidParams(UNTAGGED)
    encoding = read as WireEncoding
  }
  let transactionDetails: TransactionDetails = 'full'
  if (present('transactionDetails')) {
    const names = new Set(['full', 'signatures', 'none'])
    if (rules.accountsTransactionDetails) names.add('accounts')
    const read = readVariant(value.transactionDetails, names)
    if (read === undefined) return invalidParams(UNTAGGED)
    transactionDetails = read as TransactionDetails
  }
  let rewards = true
  if (present('rewards')) {
    if (typeof value.rewards !== 'boolean') return invalidParams(UNTAGGED)
    rewards = value.rewards
  }
  let maxSupportedTransactionVersion: number | undefined
  if (acceptsVersion && rules.versionParam && present('maxSupportedTransactionVersion')) {
    const version = value.maxSupportedTransactionVersion
    if (!isUnsignedInteger(version) || version > 255) return invalidParams(UNTAGGED)
    maxSupportedTransactionVersion = version
  }
  return ok({
    encoding,
    transactionDetails,
    rewards,
    commitment: readCommitment(value, rules),
    maxSupportedTransactionVersion,
  })
}

const HEIGHTS = new WeakMap<LedgerState, Map<number, number>>()

/**
 * The block height of a produced slot: one more than its parent's. The mock's ledger starts far
 * from genesis, so the first block's height is its slot less the 8% the ledger skips elsewhere.
 */
function blockHeightFor(state: LedgerState, slot: number): number {
  let heights = HEIGHTS.get(state)
  if (heights === undefined) {
    heights = new Map()
    const base = Math.floor((state.slots[0] ?? 0) * 0.92)
    for (const [index, produced] of state.slots.entries()) heights.set(produced, base + index)
    HEIGHTS.set(state, heights)
  }
  return heights.get(slot) ?? 0
}

/** -32015, worded as for getTransaction (the node maps the block's `EncodeError` the same way). */
function unsupportedVersion(version: number) {
  return rpcError(
    -32015,
    `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
  )
}

/** `validate_version`: a versioned transaction needs a `maxSupportedTransactionVersion` at least its version. */
function versionOf(
  tx: LedgerTransaction,
  max: number | undefined,
): Outcome<'legacy' | number | undefined> {
  const { version } = tx.message
  if (version !== 'legacy' && (max === undefined || version > max)) {
    return unsupportedVersion(version)
  }
  return ok(max === undefined ? undefined : version)
}

/** `build_simple_ui_transaction_status_meta`: balances and token balances only; `rewards` left out unless shown. */
function accountsMeta(tx: LedgerTransaction, ctx: RpcContext, rewards: boolean): JsonOut {
  const full = encodeMeta(tx, false, ctx.rules) as Readonly<Record<string, JsonOut | undefined>>
  return {
    err: full.err,
    status: full.status,
    fee: full.fee,
    preBalances: full.preBalances,
    postBalances: full.postBalances,
    preTokenBalances: full.preTokenBalances,
    postTokenBalances: full.postTokenBalances,
    rewards: rewards ? full.rewards : undefined,
  }
}

/** One transaction of a block in `accounts` mode: signatures and annotated keys (`UiAccountsList`). */
function accountsEntry(
  tx: LedgerTransaction,
  ctx: RpcContext,
  config: BlockConfig,
): Outcome<JsonOut> {
  const version = tx.metaMissing
    ? ok(undefined)
    : versionOf(tx, config.maxSupportedTransactionVersion)
  if (!version.ok) return version
  const { message, loadedAddresses } = tx
  const { reservedKeys, demoteInvokedPrograms, accountSource } = ctx.rules
  const staticCount = message.staticAccountKeys.length
  const accountKeys = allAccountKeys(tx).map((pubkey, index) => ({
    pubkey,
    writable: isWritable(message, index, loadedAddresses, reservedKeys, demoteInvokedPrograms),
    signer: isSigner(message, index),
    source: accountSource ? (index < staticCount ? 'transaction' : 'lookupTable') : undefined,
  }))
  return ok({
    transaction: { signatures: tx.signatures, accountKeys },
    meta: tx.metaMissing ? null : accountsMeta(tx, ctx, config.rewards),
    version: version.value,
  })
}

/** One transaction of a block in `full` mode, encoded as getTransaction encodes it (no `slot`, `blockTime`, `transactionIndex`). */
function fullEntry(tx: LedgerTransaction, ctx: RpcContext, config: BlockConfig): Outcome<JsonOut> {
  const version = tx.metaMissing
    ? ok(undefined)
    : versionOf(tx, config.maxSupportedTransactionVersion)
  if (!version.ok) return version
  const { rules } = ctx
  let meta: JsonOut = null
  if (!tx.metaMissing) {
    meta = encodeMeta(tx, config.encoding === 'jsonParsed', rules)
    if (!config.rewards && rules.blockRewardsParamCoversTransactions && rules.rewards) {
      meta = { ...(meta as Readonly<Record<string, JsonOut | undefined>>), rewards: null }
    }
  }
  return ok({
    transaction: encodeTransactionBody(tx, config.encoding, rules),
    meta,
    version: version.value,
  })
}

function encodeBlock(block: LedgerBlock, ctx: RpcContext, config: BlockConfig): Outcome<JsonOut> {
  let transactions: JsonOut[] | undefined
  if (config.transactionDetails === 'full' || config.transactionDetails === 'accounts') {
    const encode = config.transactionDetails === 'full' ? fullEntry : accountsEntry
    transactions = []
    for (const tx of block.transactions) {
      const entry = encode(tx, ctx, config)
      if (!entry.ok) return entry
      transactions.push(entry.value)
    }
  }
  return ok({
    previousBlockhash: block.previousBlockhash,
    blockhash: block.blockhash,
    parentSlot: block.parentSlot,
    transactions,
    signatures:
      config.transactionDetails === 'signatures'
        ? block.transactions.map((tx) => tx.signature)
        : undefined,
    rewards: config.rewards ? blockRewards(block, ctx) : undefined,
    // Old Faithful drops the count `RewardsToUi` returns (OF `multiepoch-getBlock-car.go`).
    numRewardPartitions: ctx.rules.archive?.protoRewards ? undefined : block.numRewardPartitions,
    blockTime: blockTimeFor(ctx, block.slot, config.commitment),
    blockHeight: ctx.rules.blockHeight ? blockHeightFor(ctx.state, block.slot) : undefined,
  })
}

/** Old Faithful's `confirmed_block.proto` `RewardType` names, by enum number. */
const PROTO_REWARD_TYPES = ['Fee', 'Rent', 'Staking', 'Voting', 'DeactivatedStake'] as const

/**
 * The block's rewards (the leader's fee, epoch rewards) as the node writes them; `[]` where the
 * ledger records none (eras before the mock's 4.2 and archive ledgers). An archive that reads
 * them back from protobuf writes the enum's name, or its number where its `.proto` has no name
 * (see `ArchiveDialect.protoRewards`), and no `commissionBps`.
 */
function blockRewards(block: LedgerBlock, ctx: RpcContext): JsonOut {
  const rewards = block.rewards ?? []
  if (!ctx.rules.archive?.protoRewards)
    return rewards.map((reward) => encodeReward(reward, ctx.rules))
  return rewards.map((reward) => {
    const number =
      reward.rewardType === null ? 0 : PROTO_REWARD_TYPES.indexOf(reward.rewardType) + 1
    return {
      pubkey: reward.pubkey,
      lamports: reward.lamports,
      postBalance: reward.postBalance,
      rewardType: number === 0 ? null : number <= 4 ? reward.rewardType : String(number),
      commission: reward.commission,
    }
  })
}

/**
 * getBlock, or with `deprecated` getConfirmedBlock (the same `get_block` in the node; the
 * deprecated config has no `maxSupportedTransactionVersion`, so a block with a v0 transaction
 * is -32015 in `full` and `accounts` modes). Agave `rpc/src/rpc.rs` `get_block`, solana-labs
 * `core/src/rpc.rs` `get_confirmed_block` @v1.3.23 and @v1.6.22; encoding per
 * `ConfirmedBlock::encode_with_options` (`transaction-status/src/lib.rs`).
 *
 * Order: params (slot u64, config); `processed` is -32602; then, for a slot at or below the
 * finalized root: below the first available block -32001 `Block {slot} cleaned up, does not exist
 * on node. First available block: {first}`, a skipped slot -32007 `Slot {slot} was skipped, or
 * missing due to ledger jump to recent snapshot` (`null` on 1.3, before PR #14145); above the
 * root, with `confirmed`, a produced slot up to the confirmed frontier is served (block time from
 * the bank when unrecorded); anything else is -32004 `Block not available for slot {slot}`.
 *
 * The result: `previousBlockhash`, `blockhash`, `parentSlot`, then `transactions` (`full`:
 * each as getTransaction encodes it, `version` when `maxSupportedTransactionVersion` is set;
 * `accounts`: signatures, annotated keys, balances) or `signatures`, `rewards` (left out with
 * `rewards: false`; from 1.10/1.14 that also nulls each transaction's `meta.rewards`),
 * `blockTime`, `blockHeight` (1.6 on). Transactions are in block order.
 */
export function createGetBlockHandler(deprecated: boolean): MethodHandler {
  return (ctx, params) => {
    const positional = readPositionalParams(params, 1, 2)
    if (!positional.ok) return positional
    const [slot, configParam] = positional.value
    if (!isUnsignedInteger(slot)) return invalidParams(serdeMismatch(slot, 'u64', true))
    const config = readBlockConfig(configParam, ctx, !deprecated)
    if (!config.ok) return config
    const { commitment } = config.value
    if (commitment === 'processed') {
      return invalidParams('Method does not support commitment below `confirmed`')
    }
    const { state, frontiers, rules } = ctx
    const block = state.blocks.get(slot)
    if (slot <= frontiers.finalized) {
      if (slot < state.firstAvailableSlot) {
        return rpcError(
          -32001,
          `Block ${slot} cleaned up, does not exist on node. First available block: ${state.firstAvailableSlot}`,
        )
      }
      if (block === undefined) {
        if (!rules.slotSkippedError) return ok(null)
        return rpcError(
          -32007,
          `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`,
        )
      }
      return encodeBlock(block, ctx, config.value)
    }
    if (commitment === 'confirmed' && block !== undefined && slot <= frontiers.confirmed) {
      return encodeBlock(block, ctx, config.value)
    }
    return rpcError(-32004, `Block not available for slot ${slot}`)
  }
}
