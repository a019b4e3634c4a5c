// Browser tests (scripts/e2e.mjs starts the server and passes E2E_* variables).
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: {
      '@domain': fileURLToPath(new URL('./domain', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    fileParallelism: false,
    // Only the accessibility audits run concurrently (it.concurrent), two at a time.
    maxConcurrency: 2,
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // On CI a failed journey runs once more (a browser on a busy 2-core machine): one that then passes is named
    // loudly (tests/e2e/support/retriedReporter.mjs) and counted in the closing line; one that fails twice fails.
    retry: process.env.CI === 'true' ? 1 : 0,
  },
})
