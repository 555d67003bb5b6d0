import { defineConfig } from 'vitest/config'
import { HOOK_MS, TEST_MS } from './support/budget'
import { e2eWorkers } from './support/workers'

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    // One server per worker for the run (a file that needs other settings starts its own).
    globalSetup: ['support/global-server.ts'],
    // Sized for a loaded machine (support/budget.ts): each wait inside a test has its own, shorter limit.
    testTimeout: TEST_MS,
    hookTimeout: HOOK_MS,
    // Each file has its own browser and its worker's server to itself; per-test timings stay
    // honest within a file, while two files at a time use both of CI's cores.
    maxWorkers: e2eWorkers,
    fileParallelism: e2eWorkers > 1
  }
})
