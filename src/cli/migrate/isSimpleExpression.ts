import { Node } from 'ts-morph'

/**
 * Whether an expression can be written twice in the output without running anything twice: a
 * name, `this`, or a property path on one (`options.commitment`, `this.config?.commitment`,
 * `settings['commitment']`). A rewrite that must test a value before using it (`typeof x ===
 * 'string' ? ... : ...`) is only made on such expressions.
 */
export function isSimpleExpression(node: Node): boolean {
  if (Node.isIdentifier(node)) return node.getText() !== 'undefined'
  if (Node.isThisExpression(node)) return true
  if (Node.isPropertyAccessExpression(node)) return isSimpleExpression(node.getExpression())
  if (Node.isElementAccessExpression(node)) {
    const argument = node.getArgumentExpression()
    return (
      (Node.isStringLiteral(argument) || Node.isNumericLiteral(argument)) &&
      isSimpleExpression(node.getExpression())
    )
  }
  if (Node.isParenthesizedExpression(node) || Node.isNonNullExpression(node)) {
    return isSimpleExpression(node.getExpression())
  }
  return false
}
