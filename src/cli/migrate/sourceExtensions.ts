/** The file extensions the codemod reads: TypeScript and JavaScript in every module flavour. */
export const SOURCE_EXTENSIONS: readonly string[] = [
  '.ts',
  '.tsx',
  '.mts',
  '.cts',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
]

/** Directories never entered when a directory is given: dependencies and build output. */
export const SKIPPED_DIRECTORIES: readonly string[] = ['node_modules', 'dist']
