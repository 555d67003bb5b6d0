import { defineConfig } from 'vitest/config'

// testTimeout is a cap, not a timing: the property tests take seconds on CI's two busy cores.
export default defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 30_000 } })
