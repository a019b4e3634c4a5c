import { setupServer } from 'msw/node'
import { backendHandlers } from './backend'
import { chessComHandlers } from './chessComHandlers'

export const server = setupServer(...backendHandlers, ...chessComHandlers)

export type LoggedRequest = { method: string; url: URL; headers: Headers }

/** Every request the app made in the current test, in order (reset before each test). */
export const requestLog: LoggedRequest[] = []

server.events.on('request:start', ({ request }) => {
  requestLog.push({ method: request.method, url: new URL(request.url), headers: request.headers })
})

/** How many requests went to a path of our API (e.g. '/api/courses'), optionally for one method. */
export function countRequests(pathname: string, method = 'GET'): number {
  return requestLog.filter((r) => r.url.pathname === pathname && r.method === method).length
}
