/** Encodings the node accepts for a transaction, `binary` (legacy base58) included. */
export type WireEncoding = 'json' | 'jsonParsed' | 'base58' | 'base64' | 'binary'
