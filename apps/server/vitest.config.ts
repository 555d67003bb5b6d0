import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '@emporia/shared': new URL('../../packages/shared/src/index.ts', import.meta.url).pathname } },
  test: {
    globals: true,
    setupFiles: ['test/support/mocha-globals.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files share the machine's PostgreSQL and CPU; two at a time keeps CI on 2 cores steady.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/**/*.isolated.test.ts'],
          // Each worker imports the app once for all its files (decision 0093): importing it per file was a
          // third of the suite's time. Files keep no state in modules: each starts its own app and database.
          isolate: false
        }
      },
      {
        extends: true,
        // A file that mocks a module (vi.mock) needs its own module world, or the mock would reach other files.
        test: { name: 'server-isolated', include: ['test/**/*.isolated.test.ts'], isolate: true }
      }
    ]
  }
})
