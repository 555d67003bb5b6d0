import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    // One server for the run (a file that needs other settings starts its own).
    globalSetup: ['support/global-server.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Every spec file starts its own browser; running them one at a time keeps timings honest.
    fileParallelism: false
  }
})
