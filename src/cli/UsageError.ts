/**
 * A bad invocation or input the user can fix: an unknown option, a missing path, a missing
 * optional dependency. The program prints the message and exits with 2, before writing anything.
 */
export class UsageError extends Error {
  override name = 'UsageError'
}
