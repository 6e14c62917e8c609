import { type ClassDeclaration, Node } from 'ts-morph'

/**
 * Whether a method declaration belongs to web3.js v1's `Connection` class, or to a class that
 * extends it (an override still runs on a `Connection`). The class is recognised by its name
 * and by the declaration file it comes from, wherever the package manager put it.
 */
export function isWeb3ConnectionMember(declaration: Node): boolean {
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
