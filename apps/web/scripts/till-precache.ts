import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

/*
 * Writes `sw.js`, the till's service worker (decision 0140): its precache list is every file the till
 * can load, read from the bundle's chunk graph, so a chunk added to the till (a dialog, a lazy import)
 * is precached without a list to keep. The roots are the modules the till's route loads; each brings
 * every chunk it imports, statically or lazily, with their CSS and assets. A root no chunk holds fails
 * the build: a renamed file must not quietly leave the till without its code offline.
 */

/**
 * The till's modules, by path under apps/web/src: the page, its layout, and what the shell loads lazily.
 * The entry (`main.tsx`) brings only what it imports statically: its lazy imports are every page.
 */
export const TILL_ENTRY = 'main.tsx'
export const TILL_ROOTS = [
  'features/pos/pos-page.tsx',
  'app/layouts/default-layout.tsx',
  'app/shell/snackbars.tsx',
  'app/new-order/new-order-popup.tsx',
  'app/screen-messages.ts',
  'lib/i18n/resources/app.ts',
  'lib/feathers-client.ts'
] as const

interface ChunkLike {
  type: 'chunk'
  fileName: string
  moduleIds: string[]
  imports: string[]
  dynamicImports: string[]
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> }
}
interface AssetLike {
  type: 'asset'
  fileName: string
}

const normal = (id: string) => id.replaceAll('\\', '/')

/** The files (bundle names) the till needs, from the roots through every static and dynamic import. */
export const tillFiles = (
  bundle: Record<string, ChunkLike | AssetLike>,
  roots: readonly string[] = TILL_ROOTS,
  entry: string = TILL_ENTRY
): string[] => {
  const chunks = Object.values(bundle).filter((item): item is ChunkLike => item.type === 'chunk')
  const files = new Set<string>()
  const shell = new Set<string>()
  const seen = new Set<string>()
  // The shell's own lazy imports (every page) are not followed from a root either: the roots name the
  // shell's lazy pieces the till needs.
  const visit = (fileName: string, lazyToo: boolean) => {
    const key = `${lazyToo}:${fileName}`
    if (seen.has(key)) return
    seen.add(key)
    files.add(fileName)
    if (!lazyToo) shell.add(fileName)
    const chunk = bundle[fileName]
    if (chunk?.type !== 'chunk') return
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css)
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset)
    const lazy = lazyToo && !shell.has(fileName) ? chunk.dynamicImports : []
    for (const next of [...chunk.imports, ...lazy]) visit(next, lazyToo)
  }
  const chunkOf = (root: string) => {
    const chunk = chunks.find((c) => c.moduleIds.some((id) => normal(id).endsWith(`/apps/web/src/${root}`)))
    if (!chunk) throw new Error(`till precache: no chunk holds src/${root}`)
    return chunk.fileName
  }
  visit(chunkOf(entry), false)
  for (const root of roots) visit(chunkOf(root), true)
  return [...files].sort()
}

export const tillPrecache = (): Plugin => ({
  name: 'emporia-till-precache',
  apply: 'build',
  generateBundle(_options, bundle) {
    const files = tillFiles(bundle as unknown as Record<string, ChunkLike | AssetLike>)
    // index.html is the app shell a page opened offline gets; favicon.svg is in public/.
    const precache = ['/index.html', '/favicon.svg', ...files.map((file) => `/${file}`)]
    const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 16)
    const worker = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8')
    this.emitFile({
      type: 'asset',
      fileName: 'sw.js',
      source: `const PRECACHE = ${JSON.stringify(precache)}\nconst VERSION = '${version}'\n${worker}`
    })
  }
})
