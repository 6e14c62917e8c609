import type { DeprecatedMethod } from './deprecatedMethods'
import type { Web3Version } from './installedWeb3Version'

/** The ts-morph module, as `await import('ts-morph')` gives it (a type only: nothing loads). */
export type TsMorph = typeof import('ts-morph')

/**
 * A change to a file's text: replace `[start, end)` with `text` (`start === end` inserts).
 * The codemod edits text rather than printing the syntax tree, so everything it does not touch
 * (formatting, comments, quotes) stays byte for byte.
 */
export type TextEdit = Readonly<{ start: number; end: number; text: string }>

/**
 * What the codemod did with one use of a deprecated method, for the report:
 *
 * - `rewritten`: the call now uses the replacement.
 * - `left`: a web3.js `Connection` call it did not rewrite (no equivalent call, a result it
 *   cannot follow, a subclass's own method); a `// confirmed-rpc migrate:` comment above it says
 *   why and what to do.
 * - `ignored`: not a web3.js `Connection` call (e.g. confirmed-rpc's own client, whose
 *   deprecated methods keep working), so nothing to do; no comment.
 * - `double`: a test double (a spy taking the method by name, a member of an object literal typed
 *   as a `Connection`) stands in for the deprecated method: once the calls use the replacement it
 *   intercepts nothing. Reported only; the file is not changed there.
 */
export type MigrateFinding = Readonly<{
  /** Path as shown in the report and the diff (relative to the working directory). */
  file: string
  /** 1-based line and column of the method name in the original file. */
  line: number
  column: number
  method: DeprecatedMethod
  outcome: 'rewritten' | 'left' | 'ignored' | 'double'
  /** The replacement method: what a rewritten call now calls, what a left one should. */
  replacement: string
  /** One sentence: how the arguments were rewritten, or why the call was not. */
  detail: string
  /**
   * Set when the receiver's type is unknown and its name (this one) made it a `Connection`: the
   * report says so once per file, not on every line.
   */
  receiverName?: string
}>

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
  /** The web3.js the file's project uses, and the `maxSupportedTransactionVersion` it reads. */
  web3Version?: Web3Version
  /** Whether a rewrite in this file wrote `maxSupportedTransactionVersion`. */
  versionWritten?: boolean
}>
