// The profiles: the caller's own (also read by the session refresh in authListeners.ts) and anyone's, tagged with
// the courses they list so a course edit shows there too.
import { api } from '@/api/api'
import { courseTags } from '@/api/tags'

export const profileApi = api.enhanceEndpoints({
  endpoints: {
    getMyProfile: {
      providesTags: (r) => [...courseTags(r?.courses), { type: 'Profile', id: 'me' }],
    },
    updateMyProfile: {
      invalidatesTags: (r) =>
        r
          ? [
              { type: 'Profile', id: 'me' },
              { type: 'Profile', id: 'LIST' },
            ]
          : [],
    },
    getProfile: {
      providesTags: (r, _e, arg) => [
        ...courseTags(r?.courses),
        { type: 'Profile', id: arg.id },
        { type: 'Profile', id: 'LIST' },
      ],
    },
    // Setting one's password changes no cached data.
    changeMyPassword: { invalidatesTags: [] },
  },
})

export const {
  useGetMyProfileQuery,
  useUpdateMyProfileMutation,
  useGetProfileQuery,
  useChangeMyPasswordMutation,
} = profileApi
