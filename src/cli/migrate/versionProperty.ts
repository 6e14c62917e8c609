/**
 * The property every rewritten transaction call gets: without it the replacement, like the
 * deprecated method, refuses v0 transactions (`-32015`); with it they are returned, `version: 0`.
 */
export const VERSION_PROPERTY = 'maxSupportedTransactionVersion: 0'
