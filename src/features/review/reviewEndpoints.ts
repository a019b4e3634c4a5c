// The review schedule: a recorded practice changes the caller's count, queue, forecast and difficult moves (/home,
// /review).
import { api } from '@/api/api'

export const reviewApi = api.enhanceEndpoints({
  endpoints: {
    recordLinePractice: { invalidatesTags: (r) => (r ? [{ type: 'Review', id: 'LIST' }] : []) },
    getDueReviews: { providesTags: [{ type: 'Review', id: 'LIST' }] },
    getReviewSummary: { providesTags: [{ type: 'Review', id: 'LIST' }] },
    getReviewForecast: { providesTags: [{ type: 'Review', id: 'LIST' }] },
    getDifficultMoves: { providesTags: [{ type: 'Review', id: 'LIST' }] },
  },
})

export const {
  useRecordLinePracticeMutation,
  useGetDueReviewsQuery,
  useGetReviewSummaryQuery,
  useGetReviewForecastQuery,
  useGetDifficultMovesQuery,
} = reviewApi
