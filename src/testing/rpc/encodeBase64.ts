const CHUNK = 0x8000

/**
 * Standard base64 with padding, without Node's Buffer (the testing entry also runs in browsers).
 *
 * @example
 * ```ts
 * console.log(encodeBase64(Uint8Array.from([1, 2, 3]))) // AQID
 * ```
 */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  }
  return btoa(binary)
}
