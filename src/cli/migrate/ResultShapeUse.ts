/**
 * Why a `getConfirmedTransaction` call cannot become `getTransaction`:
 *
 * - `transaction`: code reads the result's `transaction`, whose type changes from a web3.js
 *   `Transaction` to `{ message, signatures }`;
 * - `unfollowed`: the result goes where the codemod does not follow it (returned, passed to a
 *   function, stored, declared with a type), so it cannot tell whether `transaction` is read.
 *
 * `detail` names the place, quoting the code (`tx.transaction.signatures`, `returned`).
 */
export type ResultShapeUse = Readonly<{ kind: 'transaction' | 'unfollowed'; detail: string }>
