// A course's ratings and reviews: its pages of reviews (an infinite query, 'Load more'), the caller's own review,
// saving it, the instructor's reply and an admin's removal. Generated into a file of their own
// (openapi/codegen.config.cjs): loaded with the course page's reviews only.
import { CURSOR_PAGES } from '@/api/api'
import { generatedCourseReviewsApi, type CourseReviewPage } from '@/api/generated/courseReviewsApi'
import { TAG_TYPES } from '@/api/tags'

/** Reviews shown per page ('Load more' asks for the next). */
export const REVIEWS_PAGE_SIZE = 10

/** One course's reviews and rating; every course's (`LIST`) for a removal, which names only the review. */
const reviewsOf = (courseId: string) => ({ type: 'CourseReview' as const, id: courseId })
const allReviews = { type: 'CourseReview' as const, id: 'LIST' }
/** The caller's own review of a course. */
const mineOf = (courseId: string) => ({ type: 'CourseReview' as const, id: `mine:${courseId}` })

const enhanced = generatedCourseReviewsApi.enhanceEndpoints({
  addTagTypes: [...TAG_TYPES, 'CourseReview'],
  endpoints: {
    getCourseReviews: { providesTags: (_r, _e, arg) => [reviewsOf(arg.courseId), allReviews] },
    getMyCourseReview: { providesTags: (_r, _e, arg) => [mineOf(arg.courseId)] },
    // A rating moves the course's average and count: on its page, its card and the catalogue.
    saveMyCourseReview: {
      invalidatesTags: (r, _e, arg) =>
        r
          ? [
              reviewsOf(arg.courseId),
              mineOf(arg.courseId),
              { type: 'Course', id: arg.courseId },
              { type: 'Course', id: 'LIST' },
            ]
          : [],
    },
    replyToCourseReview: { invalidatesTags: (r) => (r ? [reviewsOf(r.courseId)] : []) },
    removeCourseReview: {
      invalidatesTags: (_r, e) => (e ? [] : [allReviews, { type: 'Course', id: 'LIST' }]),
    },
  },
})

export const courseReviewsApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    getCourseReviewPages: build.infiniteQuery<CourseReviewPage, { courseId: string }, string | null>({
      infiniteQueryOptions: CURSOR_PAGES,
      query: ({ queryArg, pageParam }) => ({
        url: `/api/courses/${encodeURIComponent(queryArg.courseId)}/reviews`,
        params: { limit: REVIEWS_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      providesTags: (_r, _e, arg) => [reviewsOf(arg.courseId), allReviews],
    }),
  }),
})

export const {
  useGetCourseReviewPagesInfiniteQuery,
  useGetMyCourseReviewQuery,
  useSaveMyCourseReviewMutation,
  useReplyToCourseReviewMutation,
  useRemoveCourseReviewMutation,
} = courseReviewsApi
