import { defineConfig, type Options } from 'tsup'
import { usePlatformFetch } from './scripts/usePlatformFetch'

const shared = {
  sourcemap: true,
  target: 'es2022',
} satisfies Options

export default defineConfig([
  {
    ...shared,
    entry: {
      index: 'src/index.ts',
      'actions/index': 'src/actions/index.ts',
      'testing/index': 'src/testing/index.ts',
      'web3js/index': 'src/web3js/index.ts',
      'bullmq/index': 'src/bullmq/index.ts',
    },
    format: ['esm', 'cjs'],
    // Shared code in chunks for CommonJS too: one copy of each error class across the entries,
    // so `instanceof` holds for an error thrown by an action and checked against the main entry.
    splitting: true,
    dts: true,
    // The browser build and the CLI write into dist/browser and dist/cli at the same time;
    // leave them alone.
    clean: ['**/*', '!browser/**', '!cli/**'],
    platform: 'neutral',
    // Keep `node:` specifiers: the testing entry is Node-only and bundlers resolve them cleanly.
    removeNodeProtocol: false,
    external: [
      'msw',
      // Optional peers of the bullmq entry, which alone imports them.
      'bullmq',
      'ioredis',
      'node:fs',
      'node:fs/promises',
      'node:path',
      'node:http',
      'node:crypto',
      'node:net',
      'node:string_decoder',
      'node:events',
      'node:buffer',
      'node:module',
      'node:timers/promises',
    ],
    // bs58 is bundled in: esbuild's CommonJS interop with bs58's `exports.default` leaves
    // `decode` undefined in the .cjs build (checked by the consumer test of the packed tarball).
    noExternal: ['bs58', 'base-x'],
    // `import.meta.url` (the testing entry loads msw lazily from it) in the CommonJS build too.
    shims: true,
  },
  // The build of the `browser` export condition: the platform's fetch instead of cross-fetch.
  {
    ...shared,
    entry: { index: 'src/index.ts', 'actions/index': 'src/actions/index.ts' },
    outDir: 'dist/browser',
    format: ['esm'],
    clean: true,
    platform: 'browser',
    esbuildPlugins: [usePlatformFetch],
    // bs58 inside the build, as in the Node build: an app bundles one copy, already minified.
    noExternal: ['bs58', 'base-x'],
    // Constants folded across modules here, as an app's bundler would from the sources: it cannot
    // fold the `var`s a bundle turns them into (measured: 72 B of gzip off the actions app).
    minifySyntax: true,
  },
  // The `confirmed-rpc` program (package.json `bin`): Node only, ESM, not part of any entry or
  // of the browser build. ts-morph, an optional peer dependency, stays external and is imported
  // only when `migrate` runs (code splitting puts what imports it in a chunk of its own); diff,
  // a devDependency, is bundled in, so the program needs nothing the library does not.
  {
    ...shared,
    entry: { main: 'src/cli/main.ts' },
    outDir: 'dist/cli',
    format: ['esm'],
    clean: true,
    platform: 'node',
    target: 'node20',
    removeNodeProtocol: false,
    splitting: true,
    external: ['ts-morph', 'bullmq', 'ioredis'],
    noExternal: ['diff'],
    banner: { js: '#!/usr/bin/env node' },
  },
])
