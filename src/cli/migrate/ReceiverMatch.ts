/**
 * Whether a deprecated method is called on a web3.js `Connection`:
 *
 * - `type`: the type checker says so (a `Connection`, a subclass, or a union with one);
 * - `name`: the receiver's type is unknown (`any`, or web3.js's types cannot be found), and its
 *   name looks like a connection (`connection`, `conn`, `this.solanaConnection`, ...);
 * - `other`: it is not (another type, or an unknown type under another name); `detail` says
 *   what it is instead.
 */
export type ReceiverMatch =
  | Readonly<{ match: 'type' }>
  | Readonly<{ match: 'name'; name: string }>
  | Readonly<{ match: 'other'; detail: string }>
