/**
 * The key a `fetch` input's node is known by: its URL's origin. Paths and queries (API keys) do
 * not count, so one probe covers every path of a provider. An input that is not an absolute URL
 * (a relative path in a browser) is its own key.
 * @internal
 */
export function originOf(input: string | URL | Request): string {
  const url = typeof input === 'string' ? input : 'href' in input ? input.href : input.url
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}
