// The caller's kept practice games ('My games'): one list tag, so keeping or deleting a game refetches the pages
// loaded; a game read alone is tagged with its id.
import { api, CURSOR_PAGES } from '@/api/api'
import type { GamePage } from '@/api/generated/api'

/** Games per page of 'My games'. */
export const GAMES_PAGE_SIZE = 10

const LIST = { type: 'Game' as const, id: 'LIST' }

const enhanced = api.enhanceEndpoints({
  endpoints: {
    listMyGames: { providesTags: [LIST] },
    getGame: { providesTags: (_r, _e, arg) => [{ type: 'Game', id: arg.gameId }] },
    saveGame: { invalidatesTags: (r) => (r ? [LIST] : []) },
    deleteGame: {
      invalidatesTags: (_r, e, arg) => (e ? [] : [LIST, { type: 'Game', id: arg.gameId }]),
    },
  },
})

/** 'My games' as an infinite query over listMyGames' pages, newest first. */
export const gamesApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    getMyGamePages: build.infiniteQuery<GamePage, void, string | null>({
      infiniteQueryOptions: CURSOR_PAGES,
      query: ({ pageParam }) => ({
        url: '/api/games',
        params: { limit: GAMES_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      providesTags: [LIST],
    }),
  }),
})

export const { useGetGameQuery, useDeleteGameMutation, useGetMyGamePagesInfiniteQuery } = gamesApi
