import { type CallExpression, Node, type ObjectLiteralExpression, type SourceFile } from 'ts-morph'
import { classifyReceiver } from './classifyReceiver'
import { type DeprecatedMethod, isDeprecatedMethod, methodSpec } from './deprecatedMethods'
import { shortText } from './formatMigrateReport'

/** A test double that stands in for a deprecated `Connection` method by its name. */
export type TestDouble = Readonly<{
  /** The name (string literal, member name) or the cast: where it is reported. */
  name: Node
  method: DeprecatedMethod
  /** The code that makes the double, shortened for the report. */
  text: string
  /**
   * For a member of a value cast to `Connection`, where the other half is: `cast to Connection at
   * line 30` (reported at the member), `its member at fakes.ts:12` (reported at the cast).
   */
  via?: string | undefined
  /**
   * Where the same double already stands in for the replacement (`line 12`, `fakes.ts:12`): a
   * member of the same literal or class, or a spy on the same target. Adding one would then be a
   * duplicate (TS1117 in a literal); this one only has to go.
   */
  replacementAt?: string | undefined
}>

/** A type written as web3.js's `Connection` (`Connection`, `Partial<Connection>`, `web3.Connection`). */
const CONNECTION_TYPE = /\bConnection\b/

/**
 * The test doubles of a file that name a deprecated method. Once the calls use the replacement,
 * such a double no longer intercepts anything:
 *
 * - a spy or stub that takes the method by name on a `Connection`
 *   (`jest.spyOn(connection, 'getConfirmedTransaction')`, `vi.spyOn`, `sinon.stub`), the first
 *   argument being a `Connection` by its type, or by its name when its type is unknown;
 * - a member of an object literal typed as a `Connection` (`{ ... } as unknown as Connection`,
 *   `const c: Partial<Connection> = { ... }`, `mock<Connection>({ ... })`);
 * - a member of any other value cast to `Connection` (`new FakeConnection() as unknown as
 *   Connection`): a fake class's method, reported at its declaration when it is in this file,
 *   else at the cast.
 *
 * Each says whether the double already stands in for the replacement too.
 */
export function findTestDoubles(sourceFile: SourceFile): TestDouble[] {
  const doubles = new Map<string, TestDouble>()
  const add = (double: TestDouble) => {
    doubles.set(`${double.name.getStart()}:${double.method}`, double)
  }
  const spies: CallExpression[] = []
  sourceFile.forEachDescendant((node) => {
    if (Node.isCallExpression(node)) {
      spies.push(node)
    } else if (
      Node.isPropertyAssignment(node) ||
      Node.isMethodDeclaration(node) ||
      Node.isShorthandPropertyAssignment(node)
    ) {
      const literal = node.getParent()
      const method = memberName(node)
      if (
        Node.isObjectLiteralExpression(literal) &&
        isDeprecatedMethod(method) &&
        isTypedAsConnection(literal)
      ) {
        const twin = literal
          .getProperties()
          .find((member) => memberName(member) === methodSpec(method).replacement)
        add({
          name: node.getNameNode(),
          method,
          text: shortText(node),
          replacementAt: twin === undefined ? undefined : `line ${twin.getStartLineNumber()}`,
        })
      }
    } else if (isCastToConnection(node)) {
      for (const double of castDoubles(node, sourceFile)) add(double)
    }
  })
  for (const double of spyDoubles(spies)) add(double)
  return [...doubles.values()]
}

/** A member's name without quotes: `getConfirmedTransaction`, `'getConfirmedTransaction'`. */
function memberName(member: Node): string {
  const named = member as Node & { getName?: () => string }
  return typeof named.getName === 'function' ? named.getName().replace(/^['"]|['"]$/g, '') : ''
}

/**
 * Spies and stubs taking a deprecated method by name on a `Connection`; a spy on the
 * replacement taking the same target (by its text) in the file is its twin.
 */
function spyDoubles(calls: readonly CallExpression[]): TestDouble[] {
  const named = calls.flatMap((call) => {
    const [target, ...rest] = call.getArguments()
    if (target === undefined) return []
    return rest.flatMap((argument) =>
      Node.isStringLiteral(argument) || Node.isNoSubstitutionTemplateLiteral(argument)
        ? [{ call, target, argument, key: argument.getLiteralText() }]
        : [],
    )
  })
  return named.flatMap(({ call, target, argument, key }): TestDouble[] => {
    if (!isDeprecatedMethod(key) || classifyReceiver(target, key).match === 'other') return []
    const replacement = methodSpec(key).replacement
    const twin = named.find(
      (other) => other.key === replacement && other.target.getText() === target.getText(),
    )
    return [
      {
        name: argument,
        method: key,
        text: shortText(call),
        replacementAt: twin === undefined ? undefined : `line ${twin.call.getStartLineNumber()}`,
      },
    ]
  })
}

/** `x as Connection`, `x as unknown as Connection`, `<Connection>x`, `x satisfies Connection`. */
function isCastToConnection(node: Node): node is Node & { getExpression(): Node } {
  return (
    (Node.isAsExpression(node) || Node.isTypeAssertion(node)) &&
    CONNECTION_TYPE.test(node.getTypeNode()?.getText() ?? '')
  )
}

/**
 * The deprecated members of a value (not an object literal: see isTypedAsConnection) cast to
 * `Connection`, declared in the project (a fake class, an object built elsewhere), not web3.js's.
 */
function castDoubles(cast: Node & { getExpression(): Node }, sourceFile: SourceFile): TestDouble[] {
  let value = cast.getExpression()
  while (
    Node.isAsExpression(value) ||
    Node.isTypeAssertion(value) ||
    Node.isParenthesizedExpression(value) ||
    Node.isSatisfiesExpression(value)
  ) {
    value = value.getExpression()
  }
  if (Node.isObjectLiteralExpression(value)) return []
  const type = value.getType()
  const ownDeclaration = (name: string) =>
    type
      .getProperty(name)
      ?.getDeclarations()
      .find(
        (declaration) =>
          !/[/\\]@solana[/\\]web3\.js[/\\]/.test(declaration.getSourceFile().getFilePath()),
      )
  const where = (declaration: Node) =>
    declaration.getSourceFile() === sourceFile
      ? `line ${declaration.getStartLineNumber()}`
      : `${declaration.getSourceFile().getBaseName()}:${declaration.getStartLineNumber()}`
  return type.getProperties().flatMap((symbol): TestDouble[] => {
    const method = symbol.getName()
    const declaration = isDeprecatedMethod(method) ? ownDeclaration(method) : undefined
    if (declaration === undefined || !isDeprecatedMethod(method)) return []
    const twin = ownDeclaration(methodSpec(method).replacement)
    const replacementAt = twin === undefined ? undefined : where(twin)
    const member = declaration.getSourceFile() === sourceFile ? nameNodeOf(declaration) : undefined
    return [
      member === undefined
        ? {
            name: cast,
            method,
            text: shortText(cast),
            via: `its member at ${where(declaration)}`,
            replacementAt,
          }
        : {
            name: member,
            method,
            text: shortText(declaration),
            via: `cast to Connection at line ${cast.getStartLineNumber()}`,
            replacementAt,
          },
    ]
  })
}

/** The name of a member declaration (a method, a property, `this.x = ...` in JavaScript). */
function nameNodeOf(declaration: Node): Node | undefined {
  const named = declaration as Node & { getNameNode?: () => Node | undefined }
  return typeof named.getNameNode === 'function' ? named.getNameNode() : undefined
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
