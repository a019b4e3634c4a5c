// chess.com's Published-Data API (https://www.chess.com/news/view/published-data-api), called from the browser.
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react'
import { config } from '@/app/config'

/** GET /player/{username}: the fields the product shows, plus a few it ignores. */
export interface ChessPlayer {
  '@id': string
  url: string
  username: string
  player_id: number
  avatar?: string
  name?: string
  title?: string
  followers: number
  /** A URL such as https://api.chess.com/pub/country/US */
  country: string
  location?: string
  status: string
  last_online?: number
  joined?: number
}

/** GET /titled/{title} */
export interface TitledPlayers {
  players: string[]
}

export const CHESS_TITLES = ['GM', 'WGM', 'IM', 'WIM', 'FM', 'WFM', 'NM', 'WNM', 'CM', 'WCM'] as const
export type ChessTitle = (typeof CHESS_TITLES)[number]

export function isChessTitle(value: string | undefined): value is ChessTitle {
  return (CHESS_TITLES as readonly string[]).includes(value ?? '')
}

/** sessionStorage key of a title's player list, kept for the tab's session. */
export const titleCacheKey = (title: string) => `players-${title}`

function readCachedTitle(title: string): string[] | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(titleCacheKey(title))
    if (!raw) return null
    const parsed: unknown = JSON.parse(raw)
    return Array.isArray(parsed) && parsed.every((u) => typeof u === 'string') ? parsed : null
  } catch {
    return null // unreadable cache entry: fetch again
  }
}

function writeCachedTitle(title: string, players: string[]) {
  try {
    globalThis.sessionStorage?.setItem(titleCacheKey(title), JSON.stringify(players))
  } catch {
    // A full or disabled sessionStorage only costs a refetch next time.
  }
}

/** The two-letter code at the end of chess.com's country URL ('US' for .../country/US). */
export function countryCode(countryUrl: string | undefined): string {
  return countryUrl?.split('/').filter(Boolean).at(-1) ?? ''
}

export const chessDataApi = createApi({
  reducerPath: 'chessDataApi',
  baseQuery: fetchBaseQuery({ baseUrl: config.chessDataUrl }),
  endpoints: (build) => ({
    getPlayer: build.query<ChessPlayer, string>({
      query: (username) => `/player/${encodeURIComponent(username.toLowerCase())}`,
    }),
    getTitledPlayers: build.query<string[], string>({
      // sessionStorage is read before fetching and written after, so a title is fetched once per tab.
      async queryFn(title, _api, _extra, baseQuery) {
        const cached = readCachedTitle(title)
        if (cached) return { data: cached }
        const result = await baseQuery(`/titled/${encodeURIComponent(title)}`)
        if (result.error) return { error: result.error }
        const players = (result.data as TitledPlayers | undefined)?.players ?? []
        writeCachedTitle(title, players)
        return { data: players }
      },
    }),
  }),
})

export const { useGetPlayerQuery, useGetTitledPlayersQuery } = chessDataApi
