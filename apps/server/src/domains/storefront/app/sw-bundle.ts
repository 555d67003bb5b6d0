import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
/** The worker's source: the theme's, beside the islands (built from it by build.mjs as dist/service-worker.js). */
export const SERVICE_WORKER_ENTRY = path.resolve(here, '../../../../../../packages/theme/src/app/service-worker.ts')
/** What the bundle has where the precache list goes (Workbox's injectManifest placeholder). */
const PLACEHOLDER = 'self.__WB_MANIFEST'

let loading: Promise<string> | undefined

/** The service worker with Workbox's runtime (decision 0202): the build's file, else bundled once from source. */
export const loadServiceWorker = (): Promise<string> =>
  (loading ??= (async () => {
    const built = path.join(here, 'service-worker.js')
    if (existsSync(built)) return readFileSync(built, 'utf8')
    const { build } = await import('esbuild')
    const result = await build({
      entryPoints: [SERVICE_WORKER_ENTRY],
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2019',
      define: { 'process.env.NODE_ENV': '"production"' },
      write: false,
      logLevel: 'silent'
    })
    return result.outputFiles[0].text
  })())

/** The worker of one shop: the bundle with the storefront's own script as its precache list. */
export const serviceWorkerFor = (bundle: string, precache: string[]) => {
  const list = JSON.stringify(precache.map((url) => ({ url, revision: null })))
  if (!bundle.includes(PLACEHOLDER)) throw new Error('service worker: no precache placeholder')
  return bundle.replace(PLACEHOLDER, list)
}
