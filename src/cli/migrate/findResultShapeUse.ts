import {
  type BinaryExpression,
  type BindingName,
  type CallExpression,
  type Identifier,
  Node,
  type ParameterDeclaration,
  SyntaxKind,
  type VariableDeclaration,
} from 'ts-morph'
import { shortText } from './formatMigrateReport'

/**
 * Why a call cannot move to a replacement whose result differs in one part (`transaction` of
 * `getConfirmedTransaction`, `feeCalculator` of `getRecentBlockhash`):
 *
 * - `read`: code reads that part (`tx.transaction`, `{ value: { feeCalculator } } = r`);
 * - `unfollowed`: the result goes where the codemod does not follow it (returned, passed to a
 *   function, stored, declared with a type), so it cannot tell whether the part is read.
 *
 * `detail` names the place, quoting the code (`tx.transaction.signatures`, `returned`).
 */
type ResultShapeUse = Readonly<{ kind: 'read' | 'unfollowed'; detail: string }>

/** What following a value found: every place it is used in a way that matters, or none. */
type Uses = ResultShapeUse[]
/** Symbols of the variables already followed (a variable is followed once). */
type Seen = Set<unknown>
/** The changed part, from the value being followed: `['transaction']`, `['value', 'feeCalculator']`. */
type Path = readonly string[]
/** Follows a node (a promise or a value) for the changed part at `path`. */
type Follow = (node: Node, seen: Seen, path: Path) => Uses

const NONE: Uses = []

/**
 * Decides whether code may see the changed part of a call's result, at `path`
 * (`['transaction']` for `getConfirmedTransaction`). The result is followed from the call
 * through `await`, `.then(callback)` (its first parameter), `.catch`/`.finally`, parentheses and
 * `!`, into variables (`const`/`let`: every reference in the file, by symbol; a promise held in
 * a variable too) and destructuring patterns, and through `&&`, `||`, `??`, `? :` and `,`; a
 * property on the path is followed as a value of its own (`r.value`, `{ value: { ... } } = r`).
 *
 * It reports a `read` where the result (or a variable holding it) has the part read:
 * `r.transaction`, `r?.transaction`, `r['transaction']`, or `{ transaction } = r`. It reports
 * `unfollowed` where the result leaves what it can see: returned, yielded or thrown, passed to
 * a function (including a `.then` handler that is not an inline function, and
 * `Promise.all([...])`), assigned to anything but a new variable, stored in an object or array,
 * rest-destructured, read with a computed key, exported, reassigned, asserted (`as`), or
 * declared with a type annotation (which names the old type).
 *
 * Reading any other property (`meta`, `slot`, `blockTime`: the same types in both results),
 * comparing, testing truthiness, `typeof`, or interpolating into a string is not a use.
 * Returns the first read, else the first unfollowed place, else undefined (the call can be
 * rewritten).
 */
export function findResultShapeUse(
  call: CallExpression,
  path: readonly string[],
): ResultShapeUse | undefined {
  const uses = followPromise(call, new Set(), path)
  return uses.find((use) => use.kind === 'read') ?? uses[0]
}

function unfollowed(detail: string): Uses {
  return [{ kind: 'unfollowed', detail }]
}

/** Climbs out of parentheses and non-null assertions, which pass the value through. */
function skipUp(node: Node): Node {
  let current = node
  for (;;) {
    const parent = current.getParent()
    if (
      parent === undefined ||
      !(Node.isParenthesizedExpression(parent) || Node.isNonNullExpression(parent))
    ) {
      return current
    }
    current = parent
  }
}

/** Follows a promise of the result: awaited, chained, stored, or lost. */
function followPromise(node: Node, seen: Seen, path: Path): Uses {
  const current = skipUp(node)
  const parent = current.getParent()
  if (parent === undefined) return NONE
  if (Node.isAwaitExpression(parent)) return followValue(parent, seen, path)
  if (Node.isExpressionStatement(parent) || Node.isVoidExpression(parent)) return NONE
  if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === current) {
    return followChained(parent.getName(), parent, seen, path)
  }
  if (Node.isVariableDeclaration(parent) && parent.getInitializer() === current) {
    // `const pending = connection.getConfirmedTransaction(s)`, awaited later.
    const name = parent.getNameNode()
    if (
      Node.isIdentifier(name) &&
      parent.getTypeNode() === undefined &&
      parent.getVariableStatement()?.isExported() !== true
    ) {
      return followReferences(name, followPromise, seen, path)
    }
  }
  return unfollowed(`the promise is ${describePlace(current, parent)}`)
}

/** `promise.then(...)`, `.catch(...)`, `.finally(...)`, or another member of the promise. */
function followChained(method: string, access: Node, seen: Seen, path: Path): Uses {
  const call = access.getParent()
  if (!Node.isCallExpression(call) || call.getExpression() !== access) {
    return unfollowed(`the promise's \`${method}\` is read without a call`)
  }
  if (method === 'catch' || method === 'finally') return followPromise(call, seen, path)
  if (method !== 'then') return unfollowed(`the promise's \`${method}\` is called`)
  const handler = call.getArguments()[0]
  if (handler === undefined) return followPromise(call, seen, path)
  if (Node.isArrowFunction(handler) || Node.isFunctionExpression(handler)) {
    const parameter = handler.getParameters()[0]
    return parameter === undefined ? NONE : followParameter(parameter, seen, path)
  }
  return unfollowed(`the result is passed to \`.then(${shortText(handler, 30)})\``)
}

/** Follows the resolved result (or an expression that may evaluate to it). */
function followValue(node: Node, seen: Seen, path: Path): Uses {
  const current = skipUp(node)
  const parent = current.getParent()
  if (parent === undefined) return NONE
  if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === current) {
    return followProperty(parent.getName(), current, parent, seen, path)
  }
  if (Node.isElementAccessExpression(parent) && parent.getExpression() === current) {
    const key = parent.getArgumentExpression()
    if (Node.isStringLiteral(key) || Node.isNoSubstitutionTemplateLiteral(key)) {
      return followProperty(key.getLiteralText(), current, parent, seen, path)
    }
    return unfollowed(`the result is read with a computed key (\`${shortText(parent)}\`)`)
  }
  if (Node.isVariableDeclaration(parent) && parent.getInitializer() === current) {
    return followDeclaration(parent, seen, path)
  }
  if (Node.isBinaryExpression(parent)) return followBinary(parent, current, seen, path)
  if (Node.isConditionalExpression(parent)) {
    return parent.getCondition() === current ? NONE : followValue(parent, seen, path)
  }
  if (Node.isAwaitExpression(parent)) return followValue(parent, seen, path)
  if (
    Node.isExpressionStatement(parent) ||
    Node.isPrefixUnaryExpression(parent) ||
    Node.isTypeOfExpression(parent) ||
    Node.isVoidExpression(parent) ||
    Node.isTemplateSpan(parent) ||
    Node.isIfStatement(parent) ||
    Node.isWhileStatement(parent) ||
    Node.isDoStatement(parent) ||
    Node.isForStatement(parent) ||
    Node.isSwitchStatement(parent) ||
    Node.isCaseClause(parent)
  ) {
    // Tested, compared, negated or printed: the value goes no further.
    return NONE
  }
  return unfollowed(`the result is ${describePlace(current, parent)}`)
}

/**
 * A property read off the value: the changed part itself (a read), a property on the way to it
 * (followed as a value of its own), or another one, which keeps its type.
 */
function followProperty(key: string, value: Node, access: Node, seen: Seen, path: Path): Uses {
  const [head, ...rest] = path
  if (key !== head) return NONE
  return rest.length === 0 ? partRead(value, access, path) : followValue(access, seen, rest)
}

/** The result as an operand: it flows on through `||`, `??`, `,` and the right of `&&`. */
function followBinary(binary: BinaryExpression, operand: Node, seen: Seen, path: Path): Uses {
  const operator = binary.getOperatorToken().getKind()
  const left = binary.getLeft() === operand
  switch (operator) {
    case SyntaxKind.AmpersandAmpersandToken:
    case SyntaxKind.CommaToken:
      // Only a falsy result (null) flows on from the left of `&&`; nothing from the left of `,`.
      return left ? NONE : followValue(binary, seen, path)
    case SyntaxKind.BarBarToken:
    case SyntaxKind.QuestionQuestionToken:
      return followValue(binary, seen, path)
    default:
      return isAssignmentOperator(operator)
        ? unfollowed(`the result is assigned to \`${shortText(binary.getLeft())}\``)
        : NONE // comparisons, `instanceof`, `in`, arithmetic: the value does not flow on
  }
}

/**
 * A read of the changed part at `access` (`x.transaction`, `x['transaction']`), quoting the
 * longest property chain read from it; a result that is not a plain name (`(await ...)`) is
 * shown as `(...)`, the chain being what matters. `path` holds the part's name last.
 */
function partRead(value: Node, access: Node, path: Path): Uses {
  let chain = access
  for (;;) {
    const parent = chain.getParent()
    if (
      parent === undefined ||
      !(Node.isPropertyAccessExpression(parent) || Node.isElementAccessExpression(parent)) ||
      parent.getExpression() !== chain
    ) {
      break
    }
    chain = parent
  }
  const rest = chain.getText().slice(value.getText().length).replace(/\s+/g, ' ')
  const quoted = Node.isIdentifier(value) ? shortText(chain) : `(...)${rest}`
  return [{ kind: 'read', detail: `the result's \`${path.at(-1)}\` is read (\`${quoted}\`)` }]
}

function followDeclaration(declaration: VariableDeclaration, seen: Seen, path: Path): Uses {
  const typeNode = declaration.getTypeNode()
  if (typeNode !== undefined) {
    return unfollowed(`the result is declared as \`${shortText(typeNode)}\``)
  }
  if (declaration.getVariableStatement()?.isExported() === true) {
    return unfollowed('the result is exported')
  }
  return followBinding(declaration.getNameNode(), seen, path)
}

function followParameter(parameter: ParameterDeclaration, seen: Seen, path: Path): Uses {
  const typeNode = parameter.getTypeNode()
  if (typeNode !== undefined) {
    return unfollowed(`the result is declared as \`${shortText(typeNode)}\``)
  }
  if (parameter.isRestParameter()) return unfollowed('the result is collected by `...`')
  return followBinding(parameter.getNameNode(), seen, path)
}

/**
 * A variable name (followed to its references) or a destructuring pattern (its keys: the
 * changed part is a read, a key on the way to it is followed as a binding of its own).
 */
function followBinding(name: BindingName, seen: Seen, path: Path): Uses {
  if (Node.isIdentifier(name)) return followReferences(name, followValue, seen, path)
  if (Node.isArrayBindingPattern(name)) {
    return unfollowed(`the result is destructured as an array (\`${shortText(name)}\`)`)
  }
  return name.getElements().flatMap((element): Uses => {
    if (element.getDotDotDotToken() !== undefined) {
      return unfollowed(
        `the result is rest-destructured (\`...${shortText(element.getNameNode())}\`)`,
      )
    }
    const key = element.getPropertyNameNode()
    if (key !== undefined && Node.isComputedPropertyName(key)) {
      return unfollowed(`the result is destructured with a computed key (\`${shortText(key)}\`)`)
    }
    const keyText =
      key === undefined
        ? element.getName()
        : Node.isStringLiteral(key)
          ? key.getLiteralText()
          : key.getText()
    const [head, ...rest] = path
    if (keyText !== head) return NONE
    if (rest.length > 0) return followBinding(element.getNameNode(), seen, rest)
    return [
      {
        kind: 'read',
        detail: `the result's \`${head}\` is destructured (\`${shortText(name)}\`)`,
      },
    ]
  })
}

/**
 * Follows every reference to a variable in its file with `follow` (the value's rules or the
 * promise's), found by symbol: a shadowing variable of the same name is another symbol.
 */
function followReferences(name: Identifier, follow: Follow, seen: Seen, path: Path): Uses {
  const symbol = name.getSymbol()?.compilerSymbol
  if (symbol === undefined) return unfollowed(`\`${name.getText()}\` cannot be resolved`)
  if (seen.has(symbol)) return NONE
  seen.add(symbol)
  const checker = name.getProject().getTypeChecker()
  return name
    .getSourceFile()
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .flatMap((reference): Uses => {
      if (reference === name || reference.getText() !== name.getText()) return NONE
      const parent = reference.getParent()
      // In `{ tx }` the name is the property's: ask for the value's symbol.
      const shorthand = Node.isShorthandPropertyAssignment(parent)
      const referenced = shorthand
        ? checker.getShorthandAssignmentValueSymbol(parent)?.compilerSymbol
        : reference.getSymbol()?.compilerSymbol
      if (referenced !== symbol) return NONE
      if (shorthand) {
        return unfollowed(
          `\`${name.getText()}\` is stored in an object (\`{ ${name.getText()} }\`)`,
        )
      }
      if (isWriteTarget(reference)) return unfollowed(`\`${name.getText()}\` is reassigned`)
      return follow(reference, seen, path)
    })
}

function isWriteTarget(node: Node): boolean {
  const current = skipUp(node)
  const parent = current.getParent()
  if (Node.isBinaryExpression(parent)) {
    return parent.getLeft() === current && isAssignmentOperator(parent.getOperatorToken().getKind())
  }
  return (
    (Node.isPrefixUnaryExpression(parent) || Node.isPostfixUnaryExpression(parent)) &&
    [SyntaxKind.PlusPlusToken, SyntaxKind.MinusMinusToken].includes(parent.getOperatorToken())
  )
}

function isAssignmentOperator(kind: SyntaxKind): boolean {
  return kind >= SyntaxKind.FirstAssignment && kind <= SyntaxKind.LastAssignment
}

/** Where a value went, for the report: `returned`, `passed to \`save\``, `stored in ...`. */
function describePlace(node: Node, parent: Node): string {
  if (Node.isReturnStatement(parent)) return 'returned'
  if (Node.isArrowFunction(parent)) return 'returned from an arrow function'
  if (Node.isYieldExpression(parent)) return 'yielded'
  if (Node.isThrowStatement(parent)) return 'thrown'
  if (Node.isCallExpression(parent) || Node.isNewExpression(parent)) {
    return parent.getExpression() === node
      ? 'called'
      : `passed to \`${shortText(parent.getExpression(), 30)}\``
  }
  if (
    Node.isAsExpression(parent) ||
    Node.isTypeAssertion(parent) ||
    Node.isSatisfiesExpression(parent)
  ) {
    return `asserted as \`${shortText(parent.getTypeNode() ?? parent, 40)}\``
  }
  if (
    Node.isPropertyAssignment(parent) ||
    Node.isArrayLiteralExpression(parent) ||
    Node.isSpreadElement(parent) ||
    Node.isSpreadAssignment(parent)
  ) {
    return 'stored in an object or array'
  }
  if (Node.isVariableDeclaration(parent)) return `stored in \`${shortText(parent.getNameNode())}\``
  if (Node.isPropertyDeclaration(parent)) return `stored in the field \`${parent.getName()}\``
  return `used in \`${shortText(parent, 40)}\``
}
