// /admin's users: the list as an infinite query, a role change patched into it in place, passwords set by an admin.
import { api, CURSOR_PAGES } from '@/api/api'
import type { UserPage } from '@/api/generated/api'

/** Users per page on /admin. */
export const USERS_PAGE_SIZE = 50

const enhanced = api.enhanceEndpoints({
  endpoints: {
    getUsers: {
      providesTags: (r) => [
        ...(Array.isArray(r) ? r : (r?.items ?? [])).map((u) => ({ type: 'User' as const, id: u._id })),
        { type: 'User', id: 'LIST' },
      ],
    },
    updateUserRole: {
      // The pages of /admin get the changed row from the answer, in place (no page is read again).
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        let changed
        try {
          changed = (await queryFulfilled).data
        } catch {
          return
        }
        dispatch(
          adminApi.util.updateQueryData('getUserPages', undefined, (draft) => {
            for (const user of draft.pages.flatMap((page) => page.items))
              if (user._id === id) user.role = changed.role
          }),
        )
      },
      invalidatesTags: (r, _e, arg) =>
        r
          ? [
              { type: 'User', id: arg.id },
              { type: 'Profile', id: arg.id },
            ]
          : [],
    },
    // Setting a password changes no cached data.
    setUserPassword: { invalidatesTags: [] },
  },
})

/**
 * /admin's users as an infinite query over getUsers' pages, oldest first. A role change patches its row in
 * place (updateUserRole above); nothing else the SPA does changes the list.
 */
export const adminApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    getUserPages: build.infiniteQuery<UserPage, void, string | null>({
      infiniteQueryOptions: CURSOR_PAGES,
      query: ({ pageParam }) => ({
        url: '/api/users',
        params: { limit: USERS_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      providesTags: [{ type: 'User', id: 'PAGES' }],
    }),
  }),
})

export const {
  useGetUsersQuery,
  useUpdateUserRoleMutation,
  useSetUserPasswordMutation,
  useGetUserPagesInfiniteQuery,
} = adminApi
