import { Node, type ObjectLiteralExpression, type SourceFile } from 'ts-morph'
import type { DeprecatedMethod } from './deprecatedMethods'
import { isDeprecatedMethod } from './isDeprecatedMethod'
import { isWeb3ConnectionMember } from './isWeb3ConnectionMember'
import { receiverName } from './receiverName'
import { shortText } from './shortText'

/** A test double that stands in for a deprecated `Connection` method by its name. */
export type TestDouble = Readonly<{
  /** The name (string literal, property name): where it is reported. */
  name: Node
  method: DeprecatedMethod
  /** The code that makes the double, shortened for the report. */
  text: string
}>

/** A receiver name that reads as a connection (as in `classifyReceiver`). */
const CONNECTION_NAME = /conn/i
/** A type written as web3.js's `Connection` (`Connection`, `Partial<Connection>`, `web3.Connection`). */
const CONNECTION_TYPE = /\bConnection\b/

/**
 * The test doubles of a file that name a deprecated method: a spy or stub that takes the method
 * by name on a `Connection` (`jest.spyOn(connection, 'getConfirmedTransaction')`, `vi.spyOn`,
 * `sinon.stub`), and a member of an object literal typed as a `Connection` (`{ ... } as unknown as
 * Connection`, `const c: Connection = { ... }`, `mock<Connection>({ ... })`). Once the calls use
 * the replacement, such a double no longer intercepts anything. The first argument is a
 * `Connection` by its type, or by its name when its type is unknown.
 */
export function findTestDoubles(sourceFile: SourceFile): TestDouble[] {
  const doubles: TestDouble[] = []
  sourceFile.forEachDescendant((node) => {
    if (Node.isCallExpression(node)) {
      const [target, ...rest] = node.getArguments()
      for (const argument of rest) {
        if (!Node.isStringLiteral(argument) && !Node.isNoSubstitutionTemplateLiteral(argument)) {
          continue
        }
        const method = argument.getLiteralText()
        if (isDeprecatedMethod(method) && target !== undefined && isConnection(target, method)) {
          doubles.push({ name: argument, method, text: shortText(node) })
        }
      }
    } else if (
      Node.isPropertyAssignment(node) ||
      Node.isMethodDeclaration(node) ||
      Node.isShorthandPropertyAssignment(node)
    ) {
      const literal = node.getParent()
      const method = node.getName().replace(/^['"]|['"]$/g, '')
      if (
        Node.isObjectLiteralExpression(literal) &&
        isDeprecatedMethod(method) &&
        isTypedAsConnection(literal)
      ) {
        doubles.push({ name: node.getNameNode(), method, text: shortText(node) })
      }
    }
  })
  return doubles
}

/** Whether `target` (a spy's first argument) is a `Connection` whose `method` it replaces. */
function isConnection(target: Node, method: string): boolean {
  const type = target.getType().getNonNullableType()
  if (type.isAny() || type.isUnknown()) return CONNECTION_NAME.test(receiverName(target))
  return (type.getProperty(method)?.getDeclarations() ?? []).some(isWeb3ConnectionMember)
}

/** Whether an object literal is written or cast as a `Connection`. */
function isTypedAsConnection(literal: ObjectLiteralExpression): boolean {
  const contextual = literal.getContextualType()
  if (contextual !== undefined && CONNECTION_TYPE.test(contextual.getText())) return true
  let node: Node | undefined = literal.getParent()
  while (node !== undefined) {
    if (
      Node.isAsExpression(node) ||
      Node.isSatisfiesExpression(node) ||
      Node.isTypeAssertion(node)
    ) {
      if (CONNECTION_TYPE.test(node.getTypeNode()?.getText() ?? '')) return true
    } else if (Node.isCallExpression(node)) {
      // `mock<Connection>({ ... })`, `createStub<Connection>({ ... })`
      return node.getTypeArguments().some((type) => CONNECTION_TYPE.test(type.getText()))
    } else if (!Node.isParenthesizedExpression(node)) {
      return false
    }
    node = node.getParent()
  }
  return false
}
