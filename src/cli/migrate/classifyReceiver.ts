import { type ClassDeclaration, Node } from 'ts-morph'
import { shortText } from './formatMigrateReport'

/**
 * Whether a deprecated method is called on a web3.js `Connection`:
 *
 * - `type`: the type checker says so (a `Connection`, a subclass, or a union with one);
 * - `name`: the receiver's type is unknown (`any`, or web3.js's types cannot be found), and its
 *   name looks like a connection (`connection`, `conn`, `this.solanaConnection`, ...);
 * - `other`: it is not (another type, or an unknown type under another name); `detail` says
 *   what it is instead.
 */
export type ReceiverMatch =
  | Readonly<{ match: 'type' }>
  | Readonly<{ match: 'name'; name: string }>
  | Readonly<{ match: 'other'; detail: string }>

/** A receiver name that reads as a connection: `connection`, `conn`, `solanaConnection`. */
const CONNECTION_NAME = /conn/i

/**
 * Tells whether `receiver.method` is a web3.js `Connection` method (`receiver` is what a call
 * reads the method off, or the object a test double replaces it on). The type checker decides
 * when it knows the receiver's type: the method's declaration must be `Connection`'s (so
 * confirmed-rpc's own client, whose methods share the names, is left alone). Only when the type
 * is unknown (`any`: web3.js's types were not found, or plain JavaScript parameters) does the
 * receiver's name decide, and the report says so.
 */
export function classifyReceiver(receiver: Node, method: string): ReceiverMatch {
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

/**
 * The name a receiver goes by, for the name heuristic and the report: `connection` for
 * `connection`, `this.connection`, `getConnection()` (`getConnection`), `ctx['conn']` (`conn`).
 */
function receiverName(receiver: Node): string {
  if (Node.isIdentifier(receiver) || Node.isPrivateIdentifier(receiver)) return receiver.getText()
  if (Node.isPropertyAccessExpression(receiver)) return receiver.getName()
  if (Node.isElementAccessExpression(receiver)) {
    const argument = receiver.getArgumentExpression()
    return Node.isStringLiteral(argument) ? argument.getLiteralText() : receiver.getText()
  }
  if (Node.isCallExpression(receiver)) return receiverName(receiver.getExpression())
  if (
    Node.isParenthesizedExpression(receiver) ||
    Node.isNonNullExpression(receiver) ||
    Node.isAsExpression(receiver) ||
    Node.isAwaitExpression(receiver)
  ) {
    return receiverName(receiver.getExpression())
  }
  return receiver.getText()
}

/**
 * Whether a method declaration belongs to web3.js v1's `Connection` class, or to a class that
 * extends it (an override still runs on a `Connection`). The class is recognised by its name
 * and by the declaration file it comes from, wherever the package manager put it.
 */
function isWeb3ConnectionMember(declaration: Node): boolean {
  const owner = declaration.getParent()
  return Node.isClassDeclaration(owner) && extendsWeb3Connection(owner, 0)
}

function extendsWeb3Connection(declaration: ClassDeclaration, depth: number): boolean {
  if (
    declaration.getName() === 'Connection' &&
    /[/\\]@solana[/\\]web3\.js[/\\]/.test(declaration.getSourceFile().getFilePath())
  ) {
    return true
  }
  const base = depth < 20 ? declaration.getBaseClass() : undefined
  return base !== undefined && extendsWeb3Connection(base, depth + 1)
}
