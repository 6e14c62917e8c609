import bs58 from 'bs58'
import { isSigner } from '../ledger/isSigner'
import { isWritable } from '../ledger/isWritable'
import type { LedgerMessage, LedgerTransaction } from '../ledger/LedgerState'
import { allAccountKeys } from './allAccountKeys'
import { encodeBase64 } from './encodeBase64'
import type { JsonOut } from './JsonOut'
import { parseInstruction } from './parseInstruction'
import type { ProfileRules } from './profileRules'
import type { WireEncoding } from './WireEncoding'

function addressTableLookups(message: LedgerMessage): JsonOut | undefined {
  return message.addressTableLookups?.map((lookup) => ({
    accountKey: lookup.accountKey,
    writableIndexes: lookup.writableIndexes,
    readonlyIndexes: lookup.readonlyIndexes,
  }))
}

/** What top-level instructions show as `stackHeight`: nothing before 1.16. */
function topLevelStackHeight(rules: ProfileRules): number | null | undefined {
  return rules.stackHeight ? rules.topLevelStackHeight : undefined
}

function rawMessage(tx: LedgerTransaction, rules: ProfileRules): JsonOut {
  const { message } = tx
  const stackHeight = topLevelStackHeight(rules)
  return {
    header: {
      numRequiredSignatures: message.header.numRequiredSignatures,
      numReadonlySignedAccounts: message.header.numReadonlySignedAccounts,
      numReadonlyUnsignedAccounts: message.header.numReadonlyUnsignedAccounts,
    },
    accountKeys: message.staticAccountKeys,
    recentBlockhash: message.recentBlockhash,
    instructions: message.instructions.map((instruction) => ({
      programIdIndex: instruction.programIdIndex,
      accounts: instruction.accounts,
      data: bs58.encode(instruction.data),
      stackHeight,
    })),
    addressTableLookups: addressTableLookups(message),
  }
}

function parsedMessage(tx: LedgerTransaction, rules: ProfileRules): JsonOut {
  const { message, loadedAddresses } = tx
  const keys = allAccountKeys(tx)
  const staticCount = message.staticAccountKeys.length
  const stackHeight = topLevelStackHeight(rules)
  const { reservedKeys, demoteInvokedPrograms } = rules
  const lookups = addressTableLookups(message)
  return {
    accountKeys: keys.map((pubkey, index) => ({
      pubkey,
      writable: isWritable(message, index, loadedAddresses, reservedKeys, demoteInvokedPrograms),
      signer: isSigner(message, index),
      source: rules.accountSource
        ? index < staticCount
          ? 'transaction'
          : 'lookupTable'
        : undefined,
    })),
    recentBlockhash: message.recentBlockhash,
    instructions: message.instructions.map((instruction) =>
      parseInstruction({ ...instruction, stackHeight }, keys, rules),
    ),
    // 1.10 to 1.14 wrote the legacy message's missing lookups as null (the field had no skip).
    addressTableLookups: lookups ?? (rules.parsedLegacyLookupsNull ? null : undefined),
  }
}

/**
 * The `transaction` member of a lookup result in the requested encoding: `[data, encoding]` for
 * base58/base64, a plain base58 string for the legacy `binary`, `{signatures, message}` for json
 * (static keys, compiled instructions) and jsonParsed (keys with flags, parsed instructions).
 */
export function encodeTransactionBody(
  tx: LedgerTransaction,
  encoding: WireEncoding,
  rules: ProfileRules,
): JsonOut {
  switch (encoding) {
    case 'binary':
      return bs58.encode(tx.wire)
    case 'base58':
      return [bs58.encode(tx.wire), 'base58']
    case 'base64':
      return [encodeBase64(tx.wire), 'base64']
    case 'json':
      return { signatures: tx.signatures, message: rawMessage(tx, rules) }
    case 'jsonParsed':
      return { signatures: tx.signatures, message: parsedMessage(tx, rules) }
  }
}
