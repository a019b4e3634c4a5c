import '@testing-library/jest-dom/vitest'
import { createElement } from 'react'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { close, listen, requestLog, server } from './mswServer'
import { readFileSync } from 'node:fs'
import { resetBackend, startBackend, stopBackend, usesBackend } from './backend'

// react-player's providers do not run under jsdom; a stub shows what it would play.
vi.mock('react-player', () => ({
  default: (props: { src?: string; controls?: boolean; width?: string | number; height?: string | number }) =>
    createElement(
      'div',
      {
        role: 'region',
        'aria-label': 'Video player',
        'data-src': props.src,
        'data-controls': String(Boolean(props.controls)),
        'data-width': String(props.width),
        'data-height': String(props.height),
      },
      props.src,
    ),
}))

// Lazy route chunks are transformed on first import: on a busy 2-core machine that can take seconds.
configure({ asyncUtilTimeout: 5000 })
vi.setConfig({ testTimeout: 30000 })

// A file that renders the app or seeds data builds the real backend (tests/helpers/backend.ts) before its tests, so
// its start (long on a busy machine) never counts against a test's timeouts; other files never build it.
// vitest requires the first argument (the fixtures, none used here) to be a destructuring pattern
// eslint-disable-next-line no-empty-pattern
beforeAll(async ({}, suite) => {
  listen()
  if (usesBackend(readFileSync(suite.file.filepath, 'utf8'))) await startBackend()
}, 240_000)
beforeEach(async () => {
  await resetBackend()
  requestLog.length = 0
  localStorage.clear()
  sessionStorage.clear()
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  })
})
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
// Files that share a worker (WEB_TESTS_SHARE_WORKER, see vite.config.ts) keep the interception and the backend for
// the next file: building them is most of what a small test file costs. An isolated file stops both.
afterAll(async () => {
  if (process.env.WEB_TESTS_SHARE_WORKER === '1') {
    // Nothing one file changed in the shared modules reaches the next: spies, fake timers.
    vi.restoreAllMocks()
    vi.useRealTimers()
    return
  }
  close()
  await stopBackend()
})
