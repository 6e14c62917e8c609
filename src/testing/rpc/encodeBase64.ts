const CHUNK = 0x8000

/**
 * Standard base64 with padding, without Node's Buffer (the testing entry also runs in browsers).
 */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  }
  return btoa(binary)
}
