import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Every spec file starts its own server and browser; running them one at a time keeps timings honest.
    fileParallelism: false
  }
})
