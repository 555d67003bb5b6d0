import { defineConfig } from 'vitest/config'
import { e2eWorkers } from './support/workers'

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    // One server per worker for the run (a file that needs other settings starts its own).
    globalSetup: ['support/global-server.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file has its own browser and its worker's server to itself; per-test timings stay
    // honest within a file, while two files at a time use both of CI's cores.
    maxWorkers: e2eWorkers,
    fileParallelism: e2eWorkers > 1
  }
})
