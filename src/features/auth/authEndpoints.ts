// The session's endpoints: registering, logging in and ending sessions change no cached data (a logout resets the
// whole cache anyway, in authListeners.ts).
import { api } from '@/api/api'

export const authApi = api.enhanceEndpoints({
  endpoints: {
    register: { invalidatesTags: [] },
    login: { invalidatesTags: [] },
    logout: { invalidatesTags: [] },
    logoutEverywhere: { invalidatesTags: [] },
  },
})

export const { useRegisterMutation, useLoginMutation, useLogoutMutation, useLogoutEverywhereMutation } =
  authApi
