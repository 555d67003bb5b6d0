import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, gzipSync } from 'node:zlib'

/** The islands script as served: its hashed name, and its bytes plain, gzip and brotli. */
export interface IslandsBundle {
  name: string
  code: Buffer
  gzip: Buffer
  brotli: Buffer
}

/** Where islands scripts are served, on every host (shops' and the back office's). */
export const ISLANDS_PREFIX = '/_emporia/'

const here = path.dirname(fileURLToPath(import.meta.url))
const themeSource = path.resolve(here, '../../../../../packages/theme/src')

/**
 * The islands entry: the theme's own, plus the cart's (part K) when its file exists. The server build
 * (build.mjs) bundles the same entry with the same options.
 */
export const islandsEntry = (themeDir: string) => {
  const commerce = path.join(themeDir, 'commerce/islands.ts')
  return [`import './islands/index.ts'`, ...(existsSync(commerce) ? [`import './commerce/islands.ts'`] : [])].join('\n')
}

const pack = (code: Buffer): IslandsBundle => ({
  name: `islands-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.js`,
  code,
  gzip: gzipSync(code, { level: 9 }),
  brotli: brotliCompressSync(code)
})

let loading: Promise<IslandsBundle> | undefined

/**
 * The bundle the build wrote beside the server (dist/islands.js); from source (tests, dev) it is built
 * once with esbuild, as the build does.
 */
export const loadIslands = (): Promise<IslandsBundle> =>
  (loading ??= (async () => {
    const built = path.join(here, 'islands.js')
    if (existsSync(built)) return pack(readFileSync(built))
    const { build } = await import('esbuild')
    const result = await build({
      stdin: { contents: islandsEntry(themeSource), resolveDir: themeSource, loader: 'ts' },
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2019',
      write: false,
      logLevel: 'silent'
    })
    return pack(Buffer.from(result.outputFiles[0].contents))
  })())
