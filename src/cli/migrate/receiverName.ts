import { Node } from 'ts-morph'

/**
 * The name a receiver goes by, for the name heuristic and the report: `connection` for
 * `connection`, `this.connection`, `getConnection()` (`getConnection`), `ctx['conn']` (`conn`).
 */
export function receiverName(receiver: Node): string {
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
