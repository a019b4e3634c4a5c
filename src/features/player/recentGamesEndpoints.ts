// A player's recent games from chess.com, called from the browser through chess.com's API slice: the list of
// monthly archives, then the latest month. The month is asked for by its year and number on our configured base
// address, never by the URL the answer gives (an answer naming another address is an error).
import { skipToken, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react'
import { chessDataApi } from '@/api/chessDataApi'
import { latestArchive, monthGames, type ArchiveMonth, type ChessComGame } from './chessComGames'

const unreadable = (error: unknown): FetchBaseQueryError => ({
  status: 'CUSTOM_ERROR',
  error: error instanceof Error ? error.message : 'unreadable answer',
})

const playerPath = (username: string) => `/player/${encodeURIComponent(username.toLowerCase())}/games`

export const recentGamesApi = chessDataApi.injectEndpoints({
  endpoints: (build) => ({
    /** The latest month with games (null: none yet). */
    getLatestArchive: build.query<ArchiveMonth | null, string>({
      async queryFn(username, _api, _extra, baseQuery) {
        const result = await baseQuery(`${playerPath(username)}/archives`)
        if (result.error) return { error: result.error }
        try {
          return { data: latestArchive(result.data) }
        } catch (error) {
          return { error: unreadable(error) }
        }
      },
    }),
    /** A month's games, newest first. */
    getMonthGames: build.query<ChessComGame[], { username: string } & ArchiveMonth>({
      async queryFn({ username, year, month }, _api, _extra, baseQuery) {
        const result = await baseQuery(`${playerPath(username)}/${year}/${month}`)
        if (result.error) return { error: result.error }
        try {
          return { data: monthGames(result.data) }
        } catch (error) {
          return { error: unreadable(error) }
        }
      },
    }),
  }),
})

const { useGetLatestArchiveQuery, useGetMonthGamesQuery } = recentGamesApi

export type RecentGames =
  | { status: 'idle' | 'loading' | 'error' | 'none' }
  | { status: 'games'; month: ArchiveMonth; games: ChessComGame[] }

/**
 * The player's games of the latest month; nothing is fetched until `opened`. `retry` asks again for what failed
 * (the archives, or the month once the archives are known).
 */
export function useRecentGames(username: string, opened: boolean): RecentGames & { retry: () => void } {
  const archive = useGetLatestArchiveQuery(username, { skip: !opened })
  const latest = archive.data
  const month = useGetMonthGamesQuery(opened && latest ? { username, ...latest } : skipToken)
  const retry = () => {
    if (archive.isError) void archive.refetch()
    else if (month.isError) void month.refetch()
  }
  if (!opened) return { status: 'idle', retry }
  if (archive.isError || month.isError) return { status: 'error', retry }
  if (archive.isSuccess && latest === null) return { status: 'none', retry }
  if (latest && month.data) return { status: 'games', month: latest, games: month.data, retry }
  return { status: 'loading', retry }
}
