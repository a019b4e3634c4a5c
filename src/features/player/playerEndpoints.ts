// A player's followers and comments, tagged per player (usernames compared without case) so a follow or a comment
// refetches only that player's lists.
import { api, CURSOR_PAGES } from '@/api/api'
import type { FollowerPage } from '@/api/generated/api'

const player = (username: string) => username.toLowerCase()

/** Followers per page on a player's page. */
export const FOLLOWERS_PAGE_SIZE = 50

const enhanced = api.enhanceEndpoints({
  endpoints: {
    getPlayerFollowers: {
      providesTags: (_r, _e, arg) => [{ type: 'Followers', id: player(arg.username) }],
    },
    // A page is tagged with its player and with each of its comments: deleting one refetches only the
    // page that holds it (the pages after it follow, their cursors being the comments before them).
    getPlayerComments: {
      providesTags: (r, _e, arg) => [
        { type: 'Comments', id: player(arg.username) },
        ...(r ?? []).map((c) => ({ type: 'Comments' as const, id: `comment:${c._id}` })),
      ],
    },
    deleteComment: {
      invalidatesTags: (_r, e, arg) => (e ? [] : [{ type: 'Comments', id: `comment:${arg.commentId}` }]),
    },
    followPlayer: {
      invalidatesTags: (r, _e, arg) =>
        r ? [{ type: 'Followers', id: player(arg.followInput.chessPlayerUsername) }] : [],
    },
    unfollowPlayer: {
      invalidatesTags: (_r, e, arg) => (e ? [] : [{ type: 'Followers', id: player(arg.username) }]),
    },
    commentPlayer: {
      invalidatesTags: (r, _e, arg) =>
        r ? [{ type: 'Comments', id: player(arg.commentInput.chessPlayerUsername) }] : [],
    },
  },
})

/**
 * A player's followers as an infinite query over getPlayerFollowers' pages, oldest first; tagged with the player
 * like the list, so following or unfollowing refetches the pages loaded.
 */
export const playerApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    getFollowerPages: build.infiniteQuery<FollowerPage, { username: string }, string | null>({
      infiniteQueryOptions: CURSOR_PAGES,
      query: ({ queryArg, pageParam }) => ({
        url: `/api/player/${encodeURIComponent(queryArg.username)}/followers`,
        params: { limit: FOLLOWERS_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      providesTags: (_r, _e, arg) => [{ type: 'Followers', id: player(arg.username) }],
    }),
  }),
})

/** Reads a player's followers again: the pages and the caller's own record (the Follow button) alike. */
export const refreshFollowers = (username: string) =>
  playerApi.util.invalidateTags([{ type: 'Followers', id: player(username) }])

export const {
  useGetPlayerFollowersQuery,
  useGetPlayerCommentsQuery,
  useDeleteCommentMutation,
  useFollowPlayerMutation,
  useUnfollowPlayerMutation,
  useCommentPlayerMutation,
  useGetFollowerPagesInfiniteQuery,
} = playerApi
