// The trust suite (`npm run test:trust`): authorization matrix, hostile input, limits, races and faults.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { filesThatMock } from './scripts/test-files-that-mock.mjs'

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
    // The files of a worker share its modules (PGlite's WebAssembly, Fastify, the server's modules load once per
    // worker; each file starts its own app and database), as long as no file replaces a module or a global: the
    // in-process files took 101 s instead of 142 s. A pause of that shared heap once made a 200 ms answer of the
    // hostile-input file 8 ms late; a slow answer is now sent up to three times before it counts.
    isolate: filesThatMock(['tests/trust']).length > 0,
    // the fault tests print their figures; keep them visible
    silent: false,
  },
})
