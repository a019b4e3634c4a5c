// Placeholder until the chess.com msw handlers land.
import type { HttpHandler } from 'msw'
export const chessComHandlers: HttpHandler[] = []
