// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { tillFiles } from '../../../../scripts/till-precache'
import { holdsBuild } from './offline-ready'

const chunk = (
  fileName: string,
  modules: string[],
  imports: string[] = [],
  dynamicImports: string[] = [],
  css: string[] = []
) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds: modules.map((m) => `/repo/apps/web/src/${m}`),
  imports,
  dynamicImports,
  viteMetadata: { importedCss: new Set(css), importedAssets: new Set<string>() }
})

// The shell (entry) imports the router, whose lazy imports are every page; the till's page lazily loads
// the receipt encoder, which imports a driver; the shell lazily loads the snackbars.
const bundle = {
  'assets/index.js': chunk(
    'assets/index.js',
    ['main.tsx', 'app/router/pages.ts'],
    ['assets/react.js'],
    ['assets/pos-page.js', 'assets/orders-page.js', 'assets/snackbars.js'],
    ['assets/index.css']
  ),
  'assets/react.js': chunk('assets/react.js', ['../node_modules/react/index.js']),
  'assets/pos-page.js': chunk('assets/pos-page.js', ['features/pos/pos-page.tsx'], ['assets/react.js'], ['assets/receipt.js']),
  'assets/receipt.js': chunk('assets/receipt.js', ['lib/pos-hardware/receipt.ts'], ['assets/driver.js']),
  'assets/driver.js': chunk('assets/driver.js', ['lib/pos-hardware/printer-drivers.ts']),
  'assets/orders-page.js': chunk('assets/orders-page.js', ['features/orders/orders-page.tsx'], ['assets/index.js']),
  'assets/snackbars.js': chunk('assets/snackbars.js', ['app/shell/snackbars.tsx']),
  'assets/index.css': { type: 'asset' as const, fileName: 'assets/index.css' }
}

describe('the till precache list (decision 0140)', () => {
  it('holds the shell, the till with everything it loads lazily, and no other page', () => {
    expect(tillFiles(bundle, ['features/pos/pos-page.tsx', 'app/shell/snackbars.tsx'])).toEqual([
      'assets/driver.js',
      'assets/index.css',
      'assets/index.js',
      'assets/pos-page.js',
      'assets/react.js',
      'assets/receipt.js',
      'assets/snackbars.js'
    ])
  })

  it("holds the till's catalogue worker, an asset the shell's chunk loads (decision 0144)", () => {
    const entry = bundle['assets/index.js']
    const withWorker = {
      ...bundle,
      'assets/index.js': {
        ...entry,
        viteMetadata: { importedCss: entry.viteMetadata.importedCss, importedAssets: new Set(['assets/catalogue-worker.js']) }
      },
      'assets/catalogue-worker.js': { type: 'asset' as const, fileName: 'assets/catalogue-worker.js' }
    }
    expect(tillFiles(withWorker, ['features/pos/pos-page.tsx'])).toContain('assets/catalogue-worker.js')
  })

  it('fails the build when a root is in no chunk', () => {
    expect(() => tillFiles(bundle, ['features/pos/renamed-page.tsx'])).toThrow('no chunk holds src/features/pos/renamed-page.tsx')
  })

  it("is ready offline only when the worker holds this page's own build", () => {
    const files = ['/index.html', '/assets/index-new.js']
    expect(holdsBuild(files, '/assets/index-new.js')).toBe(true)
    expect(holdsBuild(files, '/assets/index-old.js')).toBe(false)
    expect(holdsBuild(['/assets/index-new.js'], '/assets/index-new.js')).toBe(false)
    expect(holdsBuild(files, undefined)).toBe(false)
  })
})
