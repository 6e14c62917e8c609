import { Node, type Type } from 'ts-morph'
import {
  type ConnectionSubclass,
  extendsWeb3Connection,
  isWeb3Connection,
} from './connectionSubclasses'
import { shortText } from './formatMigrateReport'

/**
 * Whether a deprecated method is called on a web3.js `Connection`:
 *
 * - `type`: the type checker says so (a `Connection`, a subclass, or a union with one), and both
 *   the method and its replacement are web3.js's own there;
 * - `override`: the receiver is a subclass of `Connection` that declares the method or its
 *   replacement itself (a wallet's connection that forwards some calls elsewhere and refuses
 *   others), so renaming the call would run other code than web3.js's replacement; or
 *   (`certain: false`) it is typed `Connection` in a file that can see such a subclass;
 *   `detail` says which;
 * - `name`: the receiver's type is unknown (`any`, or web3.js's types cannot be found), and its
 *   name looks like a connection (`connection`, `conn`, `this.solanaConnection`, ...);
 * - `other`: it is not (another type, or an unknown type under another name); `detail` says
 *   what it is instead.
 */
type ReceiverMatch =
  | Readonly<{ match: 'type' }>
  | Readonly<{ match: 'override'; detail: string; certain: boolean }>
  | Readonly<{ match: 'name'; name: string }>
  | Readonly<{ match: 'other'; detail: string }>

/** A receiver name that reads as a connection: `connection`, `conn`, `solanaConnection`. */
const CONNECTION_NAME = /conn/i

/**
 * Tells whether `receiver.method` is a web3.js `Connection` method (`receiver` is what a call
 * reads the method off, or the object a test double replaces it on). The type checker decides
 * when it knows the receiver's type: the method's declaration must be `Connection`'s or a
 * subclass's (so confirmed-rpc's own client, whose methods share the names, is left alone), and
 * a subclass's own `method` or `replacement` makes it an `override`. Only when the type is
 * unknown (`any`: web3.js's types were not found, or plain JavaScript parameters) does the
 * receiver's name decide, and the report says so.
 */
export function classifyReceiver(
  receiver: Node,
  method: string,
  replacement?: string,
  subclasses: readonly ConnectionSubclass[] = [],
): ReceiverMatch {
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
  if (!declarations.some(isConnectionMember)) {
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
  const overrides = [method, ...(replacement === undefined ? [] : [replacement])].flatMap((name) =>
    subclassDeclarations(type, name).map((declaration) => ({ name, declaration })),
  )
  const [first] = overrides
  if (first === undefined) {
    // `super.method()` runs web3.js's method whatever the instance is.
    return Node.isSuperExpression(receiver)
      ? { match: 'type' }
      : looseReceiver(receiver, type, [method, replacement], subclasses)
  }
  const owner = first.declaration.getParent()
  const className = (Node.isClassDeclaration(owner) && owner.getName()) || 'class'
  const own = overrides.map(
    ({ name, declaration }) => `${name} (${describeDeclaration(declaration, receiver)})`,
  )
  return {
    match: 'override',
    certain: true,
    detail: `\`${shortText(receiver, 40)}\` is ${withArticle(className)}, which declares its own ${own.join(' and ')}`,
  }
}

/**
 * A receiver whose type a subclass with its own method or replacement can be assigned to (a
 * plain `Connection`), where the file can see such a subclass (see visibleConnectionSubclasses):
 * it may hold one.
 */
function looseReceiver(
  receiver: Node,
  type: Type,
  names: readonly (string | undefined)[],
  subclasses: readonly ConnectionSubclass[],
): ReceiverMatch {
  for (const subclass of subclasses) {
    const own = names.filter((name) => name !== undefined && subclass.members.has(name))
    if (own.length === 0 || !subclass.type.isAssignableTo(type)) continue
    return {
      match: 'override',
      certain: false,
      detail: `\`${shortText(receiver, 40)}\` may be ${withArticle(subclass.name)} (${subclass.at}), which declares its own ${own.join(' and ')}`,
    }
  }
  return { match: 'type' }
}

/** The declarations of `name` on `type` that a subclass of web3.js's `Connection` makes. */
function subclassDeclarations(type: Type, name: string): Node[] {
  return (type.getProperty(name)?.getDeclarations() ?? []).filter((declaration) => {
    const owner = declaration.getParent()
    return (
      Node.isClassDeclaration(owner) && !isWeb3Connection(owner) && extendsWeb3Connection(owner)
    )
  })
}

/** Where a declaration is, for the report: `line 12` in the file of `from`, else `file.ts:12`. */
function describeDeclaration(declaration: Node, from: Node): string {
  const line = declaration.getStartLineNumber()
  if (declaration.getSourceFile() === from.getSourceFile()) return `line ${line}`
  return `${describeFile(declaration.getSourceFile().getFilePath())}:${line}`
}

/** `a RelayedConnection`, `an AuditedConnection`. */
function withArticle(name: string): string {
  return `${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name}`
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
 * extends it.
 */
function isConnectionMember(declaration: Node): boolean {
  const owner = declaration.getParent()
  return Node.isClassDeclaration(owner) && extendsWeb3Connection(owner)
}
