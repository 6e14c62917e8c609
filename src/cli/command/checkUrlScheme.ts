import { redactUrl } from '../../index'
import { UsageError } from './process'

// `name:` before `//`: a scheme. Without it, `localhost:19001` parses as the scheme `localhost:`
// with the path `19001`, which is no endpoint and reads back garbled (`localhost://19001`).
const SCHEME = /^[a-z][a-z\d+.-]*:\/\//i

// Hosts served without TLS, for which the hint writes http:// rather than https://.
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)(:\d+)?([/?#]|$)/i

/**
 * Refuses an endpoint URL given without its scheme (`localhost:19001`, `rpc.example.com/...`)
 * with a `UsageError` that shows the URL to write: `http://` for a loopback host, `https://`
 * otherwise, redacted like every URL in a message. `flag` names where the URL came from
 * (`--rpc`, `--rpc #2`, `RPC_URL`). A URL with a scheme is left to the transport's own check.
 */
export function checkUrlScheme(url: string, flag: string): void {
  const given = url.trim()
  if (SCHEME.test(given)) return
  const hint = `${LOOPBACK.test(given) ? 'http' : 'https'}://${given}`
  const shown = redactUrl(hint)
  throw new UsageError(
    shown === '[invalid URL]'
      ? `${flag}: expected an absolute http(s) URL, such as https://rpc.example.com`
      : `${flag}: the URL has no scheme: write ${shown} (http:// or https://)`,
  )
}
