import { baseApi as api } from '../baseApi'
export const addTagTypes = ['CourseReviews'] as const
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getCourseReviews: build.query<GetCourseReviewsApiResponse, GetCourseReviewsApiArg>({
        query: (queryArg) => ({
          url: `/api/courses/${queryArg.courseId}/reviews`,
          params: {
            limit: queryArg.limit,
            cursor: queryArg.cursor,
          },
        }),
        providesTags: ['CourseReviews'],
      }),
      getMyCourseReview: build.query<GetMyCourseReviewApiResponse, GetMyCourseReviewApiArg>({
        query: (queryArg) => ({ url: `/api/courses/${queryArg.courseId}/reviews/mine` }),
        providesTags: ['CourseReviews'],
      }),
      saveMyCourseReview: build.mutation<SaveMyCourseReviewApiResponse, SaveMyCourseReviewApiArg>({
        query: (queryArg) => ({
          url: `/api/courses/${queryArg.courseId}/reviews/mine`,
          method: 'PUT',
          body: queryArg.courseReviewInput,
        }),
        invalidatesTags: ['CourseReviews'],
      }),
      replyToCourseReview: build.mutation<ReplyToCourseReviewApiResponse, ReplyToCourseReviewApiArg>({
        query: (queryArg) => ({
          url: `/api/course-reviews/${queryArg.reviewId}/reply`,
          method: 'POST',
          body: queryArg.courseReviewReplyInput,
        }),
        invalidatesTags: ['CourseReviews'],
      }),
      removeCourseReview: build.mutation<RemoveCourseReviewApiResponse, RemoveCourseReviewApiArg>({
        query: (queryArg) => ({
          url: `/api/course-reviews/${queryArg.reviewId}/removal`,
          method: 'POST',
          body: queryArg.courseReviewRemovalInput,
        }),
        invalidatesTags: ['CourseReviews'],
      }),
    }),
    overrideExisting: false,
  })
export { injectedRtkApi as generatedCourseReviewsApi }
export type GetCourseReviewsApiResponse =
  /** status 200 The course's rating and one page of its reviews */ CourseReviewPage
export type GetCourseReviewsApiArg = {
  courseId: Id
  /** Page size (default 20); asking with it answers one page, `{ items, nextCursor }` */
  limit?: number
  /** The page after the one that answered this `nextCursor` (opaque; valid for the same list only, e.g. the same player's followers) */
  cursor?: PageCursor
}
export type GetMyCourseReviewApiResponse =
  /** status 200 The caller's review and whether they may review the course */ MyCourseReview
export type GetMyCourseReviewApiArg = {
  courseId: Id
}
export type SaveMyCourseReviewApiResponse =
  /** status 200 The review, edited */ CourseReview | /** status 201 The review, created */ CourseReview
export type SaveMyCourseReviewApiArg = {
  courseId: Id
  courseReviewInput: CourseReviewInput
}
export type ReplyToCourseReviewApiResponse = /** status 201 The review with its reply */ CourseReview
export type ReplyToCourseReviewApiArg = {
  /** A course review's id */
  reviewId: Id
  courseReviewReplyInput: CourseReviewReplyInput
}
export type RemoveCourseReviewApiResponse = unknown
export type RemoveCourseReviewApiArg = {
  /** A course review's id */
  reviewId: Id
  courseReviewRemovalInput: CourseReviewRemovalInput
}
export type CourseRatingDistribution = {
  average: number | null
  count: number
  stars: number[]
}
export type Id = string
export type UserRef = {
  _id: Id
  username: string
}
export type Stars = number
export type CourseReview = {
  _id: Id
  courseId: Id
  author: UserRef
  rating: Stars
  /** The review's words as written (empty for a rating alone) */
  text: string
  createdAt: string
  /** When the author last saved it (equal to createdAt until edited) */
  updatedAt: string
  /** The course's instructor's one reply, or null */
  reply: {
    text: string
    /** The instructor who replied; null once that account is gone */
    author: UserRef | null
    createdAt: string
  } | null
  /** Only on the author's own review (getMyCourseReview), once an admin removed it: the reason they gave and when */
  removal?: {
    reason: string
    removedAt: string
  }
}
export type NextCursor = string | null
export type CourseReviewPage = {
  rating: CourseRatingDistribution
  items: CourseReview[]
  nextCursor: NextCursor
}
export type Problem = {
  type: string
  title: string
  status: number
  detail?: string
  instance?: string
}
export type PageCursor = string
export type MyCourseReview = {
  /** The caller's review of the course (with its removal, if an admin removed it), or null */
  review: CourseReview | null
  /** Whether the caller may save a review now: a student enrolled in the course who has completed at least one of its modules, and whose review was not removed */
  mayReview: boolean
}
export type CourseReviewInput = {
  rating: Stars
  /** What the student writes (up to 2,000 characters; empty for a rating alone) */
  text: string
}
export type CourseReviewReplyInput = {
  text: string
}
export type CourseReviewRemovalInput = {
  /** Why the review is removed, kept with it (shown to its author) */
  reason: string
}
