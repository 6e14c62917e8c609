import {
  type ElementAccessExpression,
  Node,
  type PropertyAccessExpression,
  type SourceFile,
} from 'ts-morph'
import { type DeprecatedMethod, isDeprecatedMethod } from './deprecatedMethods'

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
