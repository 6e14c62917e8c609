import { resolve } from 'node:path'
import type { Plugin } from 'esbuild'

/**
 * An esbuild plugin for builds that run in browsers and workers: it resolves the transport's
 * `./defaultFetch` to `./defaultFetch.browser`, which calls the platform's `fetch`. Every such
 * runtime has one, and cross-fetch's ponyfill would add about 4 KiB gzip to each app.
 * tsup.config.ts uses it for `dist/browser`; the bundle size checks use it on the sources.
 */
export const usePlatformFetch: Plugin = {
  name: 'use-platform-fetch',
  setup(build) {
    build.onResolve({ filter: /\/defaultFetch$/ }, (args) => ({
      path: resolve(args.resolveDir, `${args.path}.browser.ts`),
    }))
  },
}
