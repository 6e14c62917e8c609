import {
  type ElementAccessExpression,
  Node,
  type ObjectLiteralExpression,
  type PropertyAccessExpression,
  type SourceFile,
} from 'ts-morph'
import { classifyReceiver } from './classifyReceiver'
import { type DeprecatedMethod, isDeprecatedMethod } from './deprecatedMethods'
import { shortText } from './formatMigrateReport'

/** A property access naming a deprecated method: `x.getConfirmedTransaction`, `x['...']`. */
export type MethodReference = Readonly<{
  access: PropertyAccessExpression | ElementAccessExpression
  method: DeprecatedMethod
  /** The name itself (the identifier or the string literal): where it is renamed and reported. */
  name: Node
}>

/**
 * Every place a file reads a deprecated method off an object, in source order, whether it is
 * called there or not (a method passed around unbound is reported too). Declarations of methods
 * with those names (a class of your own, an interface) are not references.
 */
export function findMethodReferences(sourceFile: SourceFile): MethodReference[] {
  const references: MethodReference[] = []
  sourceFile.forEachDescendant((node) => {
    if (Node.isPropertyAccessExpression(node)) {
      const name = node.getNameNode()
      const method = name.getText()
      if (isDeprecatedMethod(method)) references.push({ access: node, method, name })
    } else if (Node.isElementAccessExpression(node)) {
      const name = node.getArgumentExpression()
      if (
        (Node.isStringLiteral(name) || Node.isNoSubstitutionTemplateLiteral(name)) &&
        isDeprecatedMethod(name.getLiteralText())
      ) {
        references.push({ access: node, method: name.getLiteralText() as DeprecatedMethod, name })
      }
    }
  })
  return references
}

/** A test double that stands in for a deprecated `Connection` method by its name. */
type TestDouble = Readonly<{
  /** The name (string literal, property name): where it is reported. */
  name: Node
  method: DeprecatedMethod
  /** The code that makes the double, shortened for the report. */
  text: string
}>

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
        if (
          isDeprecatedMethod(method) &&
          target !== undefined &&
          classifyReceiver(target, method).match !== 'other'
        ) {
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
