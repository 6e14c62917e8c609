/**
 * The program's exit codes, one table so that commands and docs agree: 0 done, 2 the user's
 * invocation or input is wrong (nothing written), 1 anything else failed.
 */
export const EXIT_CODES = { ok: 0, failure: 1, usage: 2 } as const
