/** The base58 alphabet of ledger addresses and signatures (Bitcoin's): no 0, O, I or l. */
export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
