import type { TsMorph } from './TsMorph'

/** The checked arguments of `confirmed-rpc migrate`, for {@link runMigrate}. */
export type RunMigrateOptions = Readonly<{
  /** Absolute paths of the source files to migrate. */
  files: readonly string[]
  /** Write the changes in place (`--write`) instead of printing a diff. */
  write: boolean
  /** `--project`: the tsconfig.json to take compiler options from. */
  tsconfig: string | undefined
  /** The loaded ts-morph module. */
  tsMorph: TsMorph
}>
