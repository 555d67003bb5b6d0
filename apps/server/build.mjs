// Bundles the server (and the shared package it imports) into dist/server.js, started by dist/index.js; npm
// packages stay external.
// Also prepares a migrated embedded-database directory, so a first start skips initdb and migrations.
import { build } from 'esbuild'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

await build({
  // The PGlite worker (src/platform/db/pglite-worker.ts) is its own entry: the server starts it from the
  // file beside the bundle, dist/pglite-worker.js (db/pglite-host.ts).
  // index.js starts the traces (when asked for) before it imports server.js, the server itself (decision 0209).
  entryPoints: {
    index: 'src/index.ts',
    server: 'src/server.ts',
    tracing: 'src/platform/observability/tracing.ts',
    'pglite-worker': 'src/platform/db/pglite-worker.ts'
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // The shared workspace is TypeScript source: bundle it rather than import it at run time.
  alias: { '@emporia/shared': '../../packages/shared/src/index.ts', '@emporia/theme': '../../packages/theme/src/index.ts' },
  logLevel: 'warning'
})

// The storefront's islands (decision 0108): one small script, served under a hashed name with a long
// cache (storefront/islands.ts reads dist/islands.js). Same entry and options as islands.ts builds from source.
const themeDir = path.resolve('../../packages/theme/src')
const commerceIslands = path.join(themeDir, 'commerce/islands.ts')
await build({
  stdin: {
    contents: [`import './islands/index.ts'`, ...(existsSync(commerceIslands) ? [`import './commerce/islands.ts'`] : [])].join(
      '\n'
    ),
    resolveDir: themeDir,
    loader: 'ts'
  },
  outfile: 'dist/islands.js',
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2019',
  logLevel: 'warning'
})

// The installed app's service worker (decision 0202): the theme's worker with Workbox's runtime, served per
// shop at `{base}/sw.js` (storefront/app/sw-bundle.ts reads dist/service-worker.js; same options from source).
await build({
  entryPoints: [path.join(themeDir, 'app/service-worker.ts')],
  outfile: 'dist/service-worker.js',
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2019',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning'
})

// The embedded database's template (docs/decisions/0116): initdb and every migration applied at build
// time, remade only when the bundled template builder changes (it holds the migrations and all they
// import, and PGlite's extensions) or PGlite itself does (pglite-template-build.ts checks the version).
for (const old of readdirSync('dist').filter((name) => /^pgdata-template-.*\.tgz$/.test(name))) rmSync(path.join('dist', old))
await build({
  entryPoints: { 'pglite-template-build': 'src/platform/db/pglite-template-build.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  alias: { '@emporia/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning'
})
const builder = path.resolve('dist/pglite-template-build.js')
const fingerprint = createHash('sha256').update(readFileSync(builder)).digest('hex')
const { buildTemplate } = await import(pathToFileURL(builder).href)
if (await buildTemplate(path.resolve('dist'), fingerprint)) console.log('Made the embedded database template.')
