import type { ElementAccessExpression, PropertyAccessExpression } from 'ts-morph'
import { isWeb3ConnectionMember } from './isWeb3ConnectionMember'
import type { ReceiverMatch } from './ReceiverMatch'
import { receiverName } from './receiverName'
import { shortText } from './shortText'

/** A receiver name that reads as a connection: `connection`, `conn`, `solanaConnection`. */
const CONNECTION_NAME = /conn/i

/**
 * Tells whether `receiver.method` is a web3.js `Connection` method. The type checker decides
 * when it knows the receiver's type: the method's declaration must be `Connection`'s (so
 * confirmed-rpc's own client, whose methods share the names, is left alone). Only when the type
 * is unknown (`any`: web3.js's types were not found, or plain JavaScript parameters) does the
 * receiver's name decide, and the report says so.
 */
export function classifyReceiver(
  access: PropertyAccessExpression | ElementAccessExpression,
  method: string,
): ReceiverMatch {
  const receiver = access.getExpression()
  const type = receiver.getType().getNonNullableType()
  if (type.isAny() || type.isUnknown()) {
    const name = receiverName(receiver)
    return CONNECTION_NAME.test(name)
      ? { match: 'name', name }
      : {
          match: 'other',
          detail: `the type of \`${name}\` is unknown and its name does not look like a Connection`,
        }
  }
  const declarations = type.getProperty(method)?.getDeclarations() ?? []
  if (declarations.some(isWeb3ConnectionMember)) return { match: 'type' }
  const [declaration] = declarations
  const where =
    declaration === undefined
      ? ''
      : ` (its ${method} is declared in ${describeFile(declaration.getSourceFile().getFilePath())})`
  return {
    match: 'other',
    detail: `\`${shortText(receiver, 40)}\` is not a web3.js Connection${where}`,
  }
}

/** A declaration file as a reader knows it: its package, or its name. */
function describeFile(path: string): string {
  const inPackage = /[/\\]node_modules[/\\]((?:@[^/\\]+[/\\])?[^/\\]+)/.exec(path)?.[1]
  return inPackage === undefined
    ? (path.split(/[/\\]/).at(-1) ?? path)
    : inPackage.replace('\\', '/')
}
