import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  // bs58 ships CJS with `exports.default`; esbuild's interop leaves `decode` undefined in
  // the .cjs build unless it is bundled (and base-x with it).
  noExternal: ['bs58', 'base-x'],
  // Keep `node:` specifiers: the testing entry is Node-only and bundlers resolve them cleanly.
  removeNodeProtocol: false,
  external: ['msw', 'node:http', 'node:crypto', 'node:net', 'node:events', 'node:buffer'],
})
