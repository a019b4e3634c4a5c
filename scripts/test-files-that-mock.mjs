// Test files that cannot share a vitest worker's modules with other files (`isolate: false`), found by reading them:
// those that mock or unmock a module or stub a global (with shared modules those would leak into other files), or fire
// window events (focus, visibilitychange: every store an earlier web file made would answer them, since RTK Query
// listens to the window once for all stores). vite.config.ts runs them in its `*-isolated` projects.
// Types: test-files-that-mock.d.mts.
import { existsSync, readdirSync, readFileSync } from 'node:fs'

const MOCKS = /\bvi\.(mock|doMock|unmock|doUnmock|stubGlobal)\(|\bwindow\.dispatchEvent\(/

/** The test files under `dirs` that mock, stub or fire window events, sorted. */
export function filesThatMock(dirs) {
  const found = []
  const walk = (dir) => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else if (/\.test\.tsx?$/.test(entry.name) && MOCKS.test(readFileSync(path, 'utf8'))) found.push(path)
    }
  }
  for (const dir of dirs) walk(dir)
  return found.sort()
}
