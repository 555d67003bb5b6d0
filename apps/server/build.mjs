// Bundles the server (and the shared package it imports) into dist/index.js; npm packages stay external.
// Also prepares an initialised embedded-database directory, so a first start skips PGlite's initdb.
import { build } from 'esbuild'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { PGlite } from '@electric-sql/pglite'

await build({
  // The PGlite worker (src/db/pglite-worker.ts) is its own entry: the server starts it from the
  // file beside the bundle, dist/pglite-worker.js (db/pglite-host.ts).
  entryPoints: { index: 'src/index.ts', 'pglite-worker': 'src/db/pglite-worker.ts' },
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

const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
const { version } = JSON.parse(readFileSync(path.resolve(path.dirname(entry), '../package.json'), 'utf8'))
const template = `dist/pgdata-template-${version}.tgz`
if (!existsSync(template)) {
  mkdirSync('dist', { recursive: true })
  const db = await PGlite.create('memory://')
  const dump = await db.dumpDataDir('gzip')
  writeFileSync(template, Buffer.from(await dump.arrayBuffer()))
  await db.close()
}
