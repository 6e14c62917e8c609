const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * The `memo` of a signature info, as a node stores it at commit time: each memo instruction's
 * data as `[<byte length>] <text>`, `(unparseable)` in place of text that is not valid UTF-8,
 * joined with `; `; null when there is none. Only top-level memo instructions count.
 */
export function formatMemo(memos: readonly Uint8Array[]): string | null {
  if (memos.length === 0) return null
  return memos.map((data) => `[${data.length}] ${decode(data)}`).join('; ')
}

function decode(data: Uint8Array): string {
  try {
    return utf8.decode(data)
  } catch {
    return '(unparseable)'
  }
}
