import { setupServer } from 'msw/node'
import { backendHandlers } from './backend'
import { chessComHandlers } from './chessComHandlers'

export const server = setupServer(...backendHandlers, ...chessComHandlers)

export type LoggedRequest = { method: string; url: URL; headers: Headers }

/** Every request the app made in the current test, in order (reset before each test). */
export const requestLog: LoggedRequest[] = []

let listening = false
const logRequest = ({ request }: { request: Request }) => {
  requestLog.push({ method: request.method, url: new URL(request.url), headers: request.headers })
}

/**
 * Starts answering and logging the app's requests. Test files that share a worker (the web project runs them without
 * isolation) share this module too: the first one starts it and it stays on for the rest.
 */
export function listen(): void {
  if (listening) return
  server.listen({ onUnhandledRequest: 'error' })
  server.events.on('request:start', logRequest)
  listening = true
}

export function close(): void {
  if (!listening) return
  server.events.removeListener('request:start', logRequest)
  server.close()
  listening = false
}

/** How many requests went to a path of our API (e.g. '/api/courses'), optionally for one method. */
export function countRequests(pathname: string, method = 'GET'): number {
  return requestLog.filter((r) => r.url.pathname === pathname && r.method === method).length
}
