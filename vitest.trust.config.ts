// The trust suite (`npm run test:trust`): authorization matrix, hostile input, limits, races and faults.
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
    name: 'trust',
    environment: 'node',
    include: ['tests/trust/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // each file starts its own database (and the fault files their own server processes): two at most
    maxWorkers: 2,
    // the fault tests print their figures; keep them visible
    silent: false,
  },
})
