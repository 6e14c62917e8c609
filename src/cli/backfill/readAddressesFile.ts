import { readFileSync } from 'node:fs'
import bs58 from 'bs58'
import { UsageError } from '../command/process'

/**
 * The addresses of an addresses file: one base58 address a line; blank lines and lines starting
 * with `#` are skipped, spaces around an address too. A missing or unreadable file, a line that
 * is not an address, or a file with none is a `UsageError` (naming the line), before anything
 * is queued.
 */
export function readAddressesFile(path: string, shown: string): readonly string[] {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as { code?: unknown }).code
    throw new UsageError(`cannot read the addresses file ${shown} (${String(code ?? error)})`)
  }
  const addresses: string[] = []
  for (const [index, line] of text.split('\n').entries()) {
    const address = line.trim()
    if (address === '' || address.startsWith('#')) continue
    if (bs58.decodeUnsafe(address)?.length !== 32) {
      const excerpt = address.length > 60 ? `${address.slice(0, 60)}...` : address
      throw new UsageError(`${shown}:${index + 1}: '${excerpt}' is not a base58 address`)
    }
    addresses.push(address)
  }
  if (addresses.length === 0) throw new UsageError(`${shown} holds no address`)
  return addresses
}
