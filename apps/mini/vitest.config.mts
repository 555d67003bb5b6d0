import { defineConfig } from 'vitest/config'

// Unit tests of the pure rules (node) and the component tests of the compiled weapp package
// (test/weapp-*.test.ts, jsdom, after `npm run build:weapp`).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 20_000
  }
})
