import type { MigrateFinding } from './MigrateFinding'

/** One file after the codemod: its text before and after, and what was found in it. */
export type FileMigration = Readonly<{
  /** Absolute path. */
  path: string
  /** Path as shown in the report and the diff (relative to the working directory). */
  displayPath: string
  /** The text read (without a leading byte order mark) and the text after the codemod. */
  original: string
  rewritten: string
  /** The file started with a byte order mark, to be written back with it. */
  bom?: boolean
  findings: readonly MigrateFinding[]
  /** Set when the file could not be migrated (syntax errors): it is left as it is. */
  error?: string
  /** Set when the receivers' types could not be known in this file, with the reason. */
  typesUnavailable?: string
}>
