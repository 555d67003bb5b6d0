import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { tillPrecache } from './scripts/till-precache.ts'

// The shared workspace ships TypeScript source; Vite compiles it along with the app.
const sharedSource = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url))

// Shared code is pure (ARCHITECTURE §3.5), so a module of it that the app does not use can be
// dropped whole: otherwise the TypeBox schemas, built at module level, pull TypeBox into the bundle.
const isSharedSource = (id: string) => id.replaceAll('\\', '/').includes('/packages/shared/src/')

// TypeBox's modules only define builders and registries; none is imported for its effects alone.
const isTypeBox = (id: string) => id.replaceAll('\\', '/').includes('/node_modules/@sinclair/typebox/')

export default defineConfig({
  // tillPrecache writes sw.js, the till's service worker (decision 0140).
  plugins: [react(), tillPrecache()],
  resolve: { alias: { '@emporia/shared': sharedSource } },
  server: {
    // `npm run dev -w apps/server` listens on 3030; `ws` carries the socket.io websocket too.
    proxy: { '/api': { target: 'http://localhost:3030', ws: true } }
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/web-bundle.mjs reads which chunks each route loads from the manifest.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id) => (isSharedSource(id) || isTypeBox(id) ? false : undefined),
        // Schema constructors are pure: a shared module the app uses for one helper (planState beside
        // shopSchema) must not drag its unused schemas, and TypeBox with them, into the bundle.
        manualPureFunctions: ['Type']
      }
    }
  },
  // Unit tests (vitest reads this file): a cap, not a timing. CI's two cores run them beside the server's
  // and the browser's tests, where vitest's default of 5 s timed out a test that takes 1 s alone.
  test: { testTimeout: 30_000 }
})
