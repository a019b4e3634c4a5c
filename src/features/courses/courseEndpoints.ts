// The courses: the catalogue (the whole list, or its pages as an infinite query), one course, enrollment and the
// students of a course (also as pages, for a card's coursemates).
import { api, COURSE_CACHE_SECONDS, CURSOR_PAGES } from '@/api/api'
import type { CoursePage, EnrolledStudentPage, GetCoursesApiArg } from '@/api/generated/api'
import { courseTags, myProgressTag, studentsId } from '@/api/tags'
import { CATALOGUE_PAGE_SIZE } from '@domain/catalogue'

const DRAFTS = 'DRAFTS'

const enhanced = api.enhanceEndpoints({
  endpoints: {
    getCourses: {
      keepUnusedDataFor: COURSE_CACHE_SECONDS,
      // The whole list, or one page of the catalogue when asked with parameters.
      providesTags: (r) => [...courseTags(Array.isArray(r) ? r : r?.items), { type: 'Course', id: 'LIST' }],
    },
    createCourse: {
      invalidatesTags: (r) =>
        r
          ? [
              { type: 'Course', id: 'LIST' },
              { type: 'Course', id: DRAFTS },
            ]
          : [],
    },
    // An instructor's and an admin's drafts: absent from the catalogue until published.
    getDraftCourses: {
      providesTags: (r) => [...courseTags(r), { type: 'Course', id: DRAFTS }],
    },
    getCourse: {
      keepUnusedDataFor: COURSE_CACHE_SECONDS,
      providesTags: (_r, _e, arg) => [{ type: 'Course', id: arg.courseId }],
    },
    // Publishing or unpublishing moves the course between the catalogue and the drafts.
    updateCourse: {
      invalidatesTags: (r, _e, arg) =>
        r
          ? [
              { type: 'Course', id: arg.courseId },
              ...('published' in arg.coursePatch
                ? [
                    { type: 'Course' as const, id: 'LIST' },
                    { type: 'Course' as const, id: DRAFTS },
                  ]
                : []),
            ]
          : [],
    },
    deleteCourse: {
      invalidatesTags: (_r, e, arg) =>
        e
          ? []
          : [
              { type: 'Course', id: arg.courseId },
              { type: 'Course', id: 'LIST' },
            ],
    },
    getEnrolledCourses: {
      providesTags: (r, _e, arg) => [
        ...courseTags(r),
        { type: 'Enrollment', id: arg.userId },
        { type: 'Enrollment', id: 'LIST' },
      ],
    },
    getEnrolledStudents: {
      keepUnusedDataFor: COURSE_CACHE_SECONDS,
      providesTags: (_r, _e, arg) => [{ type: 'Enrollment', id: studentsId(arg.courseId) }],
    },
    enrollInCourse: {
      invalidatesTags: (r, _e, arg) =>
        r && 'studentId' in r
          ? [
              { type: 'Enrollment', id: r.studentId },
              { type: 'Enrollment', id: studentsId(arg.courseId) },
              { type: 'Cart', id: 'LIST' },
              { type: 'Profile', id: r.studentId },
              { type: 'Profile', id: 'me' },
              myProgressTag,
              { type: 'Progress', id: studentsId(arg.courseId) },
            ]
          : [],
    },
  },
})

/** What a catalogue view asks for: its search, order and price bounds (the pages come from the cursor). */
export type CatalogueArg = Pick<GetCoursesApiArg, 'q' | 'sort' | 'minPrice' | 'maxPrice'>

export { CATALOGUE_PAGE_SIZE }

/** The cache key of a view of /courses: its search (none when empty) and order. */
export const catalogueArg = (q: string, sort: NonNullable<CatalogueArg['sort']>): CatalogueArg => ({
  q: q || undefined,
  sort,
})

/** Coursemates per page on a course card. */
export const COURSEMATES_PAGE_SIZE = 20

/**
 * Paged lists (codegen writes plain queries only), each page asked for with the cursor the one before answered:
 * - the catalogue over getCourses' pages: one cache entry per search and sort holding every page loaded; tagged like
 *   the list, so creating, editing or deleting a course refetches the pages loaded, in order;
 * - a course's students over getEnrolledStudents' pages, in the order they enrolled; tagged like the list, so an
 *   enrollment or a checkout refetches the pages loaded.
 */
export const courseApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    getCoursePages: build.infiniteQuery<CoursePage, CatalogueArg, string | null>({
      infiniteQueryOptions: CURSOR_PAGES,
      query: ({ queryArg, pageParam }) => ({
        url: '/api/courses',
        params: { ...queryArg, limit: CATALOGUE_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      keepUnusedDataFor: COURSE_CACHE_SECONDS,
      providesTags: (r) => [
        ...courseTags(r?.pages.flatMap((page) => page.items)),
        { type: 'Course', id: 'LIST' },
      ],
    }),
    getCoursematePages: build.infiniteQuery<EnrolledStudentPage, { courseId: string }, string | null>({
      infiniteQueryOptions: CURSOR_PAGES,
      query: ({ queryArg, pageParam }) => ({
        url: `/api/courses/${encodeURIComponent(queryArg.courseId)}/enrolled-students`,
        params: { limit: COURSEMATES_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      keepUnusedDataFor: COURSE_CACHE_SECONDS,
      providesTags: (_r, _e, arg) => [{ type: 'Enrollment', id: studentsId(arg.courseId) }],
    }),
  }),
})

export const {
  useGetCoursesQuery,
  useCreateCourseMutation,
  useGetCourseQuery,
  useUpdateCourseMutation,
  useDeleteCourseMutation,
  useGetDraftCoursesQuery,
  useGetEnrolledCoursesQuery,
  useGetEnrolledStudentsQuery,
  useEnrollInCourseMutation,
  useGetCoursePagesInfiniteQuery,
  useGetCoursematePagesInfiniteQuery,
} = courseApi
