const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Strict UTF-8 decoding, as Rust's `str::from_utf8`: undefined when the bytes are not valid
 * UTF-8 (no replacement characters).
 */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes)
  } catch {
    return undefined
  }
}
