// The one place the SPA reads its build-time environment.
const env = import.meta.env

export const config = {
  /** Base of our own API, absolute so it also works under jsdom. */
  apiBaseUrl: new URL('/', globalThis.location?.origin ?? 'http://localhost').toString().replace(/\/$/, ''),
  /** chess.com's Published-Data API. */
  chessDataUrl: (env.VITE_CHESS_DATA_URL as string | undefined) ?? 'https://api.chess.com/pub',
} as const
