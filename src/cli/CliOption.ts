/**
 * One option of a subcommand: what `util.parseArgs` needs, plus the text its `--help` shows.
 * Every option carries an example so that the help never lists an option without one.
 */
export type CliOption = Readonly<{
  type: 'boolean' | 'string'
  /** One-letter alias, without the dash. */
  short?: string
  /** Name of the value in the help (`--project <tsconfig>`); string options only. */
  valueName?: string
  /** One line: what the option does. */
  description: string
  /** A complete command line that uses the option. */
  example: string
}>
