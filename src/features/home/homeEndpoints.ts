// The welcome panel's rank of the caller among the students.
import { api } from '@/api/api'

export const homeApi = api.enhanceEndpoints({
  endpoints: {
    getUserRank: { providesTags: (_r, _e, arg) => [{ type: 'User', id: `rank:${arg.userId}` }] },
  },
})

export const { useGetUserRankQuery } = homeApi
