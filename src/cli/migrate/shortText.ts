import type { Node } from 'ts-morph'

/**
 * A node's source on one line, cut to `max` characters: how reports and comments quote code
 * (`tx.transaction.signatures`) without pasting a whole multi-line expression.
 */
export function shortText(node: Node, max = 50): string {
  const text = node.getText().replace(/\s+/g, ' ')
  return text.length > max ? `${text.slice(0, max - 3)}...` : text
}
