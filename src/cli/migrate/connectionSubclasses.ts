import { type ClassDeclaration, Node, type SourceFile, type Type } from 'ts-morph'

/** A class of the project that extends web3.js's `Connection`, and the members it declares. */
export type ConnectionSubclass = Readonly<{
  name: string
  /** `relay.ts:12`: where it is declared, for the report. */
  at: string
  /** The names of the methods and properties it declares itself. */
  members: ReadonlySet<string>
  /** Its instances' type: a receiver may hold one where this type is assignable to the receiver's. */
  type: Type
}>

/**
 * The subclasses of `Connection` a file can hold an instance of without naming them in a
 * type: those declared in it or in a project file it imports, directly or not (`import`,
 * `export ... from`; not node_modules). A wallet that subclasses `Connection` to forward some
 * calls elsewhere and refuse others (`throw new Error('not implemented')`) hands its instances
 * out typed as a plain `Connection`. `cache` holds the answer per file for one run.
 */
export function visibleConnectionSubclasses(
  sourceFile: SourceFile,
  cache: Map<SourceFile, readonly ConnectionSubclass[]>,
): readonly ConnectionSubclass[] {
  const cached = cache.get(sourceFile)
  if (cached !== undefined) return cached
  const seen = new Set<SourceFile>([sourceFile])
  const queue = [sourceFile]
  const found: ConnectionSubclass[] = []
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    found.push(...remember(DECLARED, file, declaredSubclasses))
    for (const imported of remember(IMPORTED, file, importedProjectFiles)) {
      if (!seen.has(imported)) {
        seen.add(imported)
        queue.push(imported)
      }
    }
  }
  cache.set(sourceFile, found)
  return found
}

// What each file declares and imports, read once however many files import it (the syntax tree
// of a run is dropped with its files).
const DECLARED = new WeakMap<SourceFile, readonly ConnectionSubclass[]>()
const IMPORTED = new WeakMap<SourceFile, readonly SourceFile[]>()

function remember<T>(
  cache: WeakMap<SourceFile, T>,
  file: SourceFile,
  read: (file: SourceFile) => T,
): T {
  const known = cache.get(file)
  if (known !== undefined) return known
  const value = read(file)
  cache.set(file, value)
  return value
}

function declaredSubclasses(file: SourceFile): ConnectionSubclass[] {
  return file
    .getClasses()
    .filter((declaration) => !isWeb3Connection(declaration) && extendsWeb3Connection(declaration))
    .map((declaration) => ({
      name: declaration.getName() ?? 'an unnamed class',
      at: `${file.getBaseName()}:${declaration.getStartLineNumber()}`,
      type: declaration.getType(),
      members: new Set(
        declaration
          .getMembers()
          .flatMap((member) =>
            Node.isMethodDeclaration(member) || Node.isPropertyDeclaration(member)
              ? [member.getName()]
              : [],
          ),
      ),
    }))
}

function importedProjectFiles(file: SourceFile): SourceFile[] {
  const declarations = [...file.getImportDeclarations(), ...file.getExportDeclarations()]
  return declarations.flatMap((declaration) => {
    const target = declaration.getModuleSpecifierSourceFile()
    return target === undefined || target.isDeclarationFile() || target.isInNodeModules()
      ? []
      : [target]
  })
}

/** Whether a class is web3.js v1's `Connection`: by its name and the file it comes from. */
export function isWeb3Connection(declaration: ClassDeclaration): boolean {
  return (
    declaration.getName() === 'Connection' &&
    /[/\\]@solana[/\\]web3\.js[/\\]/.test(declaration.getSourceFile().getFilePath())
  )
}

/** Whether a class is web3.js's `Connection` or extends it, at any depth (20 at most). */
export function extendsWeb3Connection(declaration: ClassDeclaration, depth = 0): boolean {
  if (isWeb3Connection(declaration)) return true
  const base = depth < 20 ? declaration.getBaseClass() : undefined
  return base !== undefined && extendsWeb3Connection(base, depth + 1)
}
