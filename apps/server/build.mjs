// Bundles the server (and the shared package it imports) into dist/index.js; npm packages stay external.
import { build } from 'esbuild'

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'dist/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // The shared workspace is TypeScript source: bundle it rather than import it at run time.
  alias: { '@emporia/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning'
})
