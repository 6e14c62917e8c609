/** Exit code of `confirmed-rpc history` stopped by Ctrl-C (128 + SIGINT), after its checkpoint. */
export const INTERRUPTED_EXIT_CODE = 130
