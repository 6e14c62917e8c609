import bs58 from 'bs58'

const EMPTY = new Uint8Array(0)

/**
 * Reads little-endian instruction data the way bincode/borsh lay it out. A read past the end or
 * of an impossible value does not throw: it returns a placeholder and clears `ok`, and the parser
 * checks `ok` once before it returns (the node then falls back to the unparsed form).
 */
export class ByteReader {
  private offset = 0
  /** False once any read failed. */
  ok = true

  constructor(private readonly bytes: Uint8Array) {}

  /** Marks the data as not parsable. */
  fail(): void {
    this.ok = false
  }

  get remaining(): number {
    return this.bytes.length - this.offset
  }

  take(count: number): Uint8Array {
    if (!this.ok || count < 0 || this.offset + count > this.bytes.length) {
      this.ok = false
      return EMPTY
    }
    const slice = this.bytes.subarray(this.offset, this.offset + count)
    this.offset += count
    return slice
  }

  u8(): number {
    return this.take(1)[0] ?? 0
  }

  u32(): number {
    const b = this.take(4)
    if (b.length < 4) return 0
    return (
      ((b[0] as number) | ((b[1] as number) << 8) | ((b[2] as number) << 16)) +
      (b[3] as number) * 2 ** 24
    )
  }

  u64(): bigint {
    const b = this.take(8)
    let value = 0n
    for (let i = b.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(b[i] as number)
    return value
  }

  pubkey(): string {
    const b = this.take(32)
    return b.length === 32 ? bs58.encode(b) : ''
  }

  /** A bincode `String`: u64 length, then UTF-8 bytes. */
  string(): string {
    const length = this.u64()
    if (length > BigInt(this.remaining)) {
      this.ok = false
      return ''
    }
    return this.utf8(this.take(Number(length)))
  }

  /** Strict UTF-8 of the given bytes (clears `ok` when invalid). */
  utf8(bytes: Uint8Array): string {
    const text = decodeUtf8(bytes)
    if (text === undefined) this.ok = false
    return text ?? ''
  }

  /** A `COption<Pubkey>` as spl-token packs it in instructions: tag 0, or tag 1 and the key. */
  optionalPubkey(): string | null {
    const tag = this.u8()
    if (tag === 1) return this.pubkey()
    if (tag !== 0) this.ok = false
    return null
  }
}

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
