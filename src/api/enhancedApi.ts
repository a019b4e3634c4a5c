// Cache tags and optimistic updates for the generated endpoints. Components import hooks from here.
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit'
import {
  generatedApi,
  type Module,
  type Course,
  type CoursePage,
  type GetCoursesApiArg,
  type ModuleProgress,
  type UserPage,
  type FollowerPage,
  type EnrolledStudentPage,
} from '@/api/generated/api'
import { applyModuleProgress } from '@/api/progressCache'
import { CATALOGUE_PAGE_SIZE } from '@/domain/catalogue'

/** How long unused course/module data stays cached: back-and-forth navigation refetches nothing. */
export const COURSE_CACHE_SECONDS = 300

const courseTags = (courses: Course[] | undefined) =>
  (courses ?? []).map((c) => ({ type: 'Course' as const, id: c._id }))
const modulesListId = (courseId: string) => `course:${courseId}`
const studentsId = (courseId: string) => `students:${courseId}`
const curriculumId = (courseId: string) => `curriculum:${courseId}`
/** The caller's own progress in all their courses; a course's table of its students is `studentsId(courseId)`. */
const myProgressTag = { type: 'Progress' as const, id: 'LIST' }
const isPending = (id: string) => id.startsWith('pending-')
const player = (username: string) => username.toLowerCase()

let tempIds = 0

export const api = generatedApi.enhanceEndpoints({
  addTagTypes: [
    'Course',
    'Module',
    'Enrollment',
    'Followers',
    'Comments',
    'User',
    'Profile',
    'Cart',
    'Video',
    'Progress',
    'Review',
  ],
  endpoints: {
    getHealth: { providesTags: [] },
    register: { invalidatesTags: [] },
    login: { invalidatesTags: [] },
    // Ending sessions and setting passwords change no cached data (a logout resets the cache anyway).
    logout: { invalidatesTags: [] },
    logoutEverywhere: { invalidatesTags: [] },
    changeMyPassword: { invalidatesTags: [] },
    setUserPassword: { invalidatesTags: [] },
    getCourses: {
      keepUnusedDataFor: COURSE_CACHE_SECONDS,
      // The spec's whole list, or one page of the catalogue when asked with parameters.
      providesTags: (r) => [...courseTags(Array.isArray(r) ? r : r?.items), { type: 'Course', id: 'LIST' }],
    },
    createCourse: { invalidatesTags: (r) => (r ? [{ type: 'Course', id: 'LIST' }] : []) },
    getCourse: {
      keepUnusedDataFor: COURSE_CACHE_SECONDS,
      providesTags: (_r, _e, arg) => [{ type: 'Course', id: arg.courseId }],
    },
    updateCourse: { invalidatesTags: (r, _e, arg) => (r ? [{ type: 'Course', id: arg.courseId }] : []) },
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
    // Those who may not watch read it; those who change modules never do, so module mutations leave it alone.
    getCourseCurriculum: {
      keepUnusedDataFor: COURSE_CACHE_SECONDS,
      providesTags: (_r, _e, arg) => [{ type: 'Module', id: curriculumId(arg.courseId) }],
    },
    enrollInCourse: {
      invalidatesTags: (r, _e, arg) =>
        r
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
    getCourseProgress: {
      providesTags: (_r, _e, arg) => [{ type: 'Progress', id: studentsId(arg.courseId) }],
    },
    // One list read by /courses, /home, the profile and the modules page: a change patches it in place.
    getMyProgress: { keepUnusedDataFor: COURSE_CACHE_SECONDS, providesTags: [myProgressTag] },
    // The answer is the module's progress as stored: patched in, so a playing video refetches nothing.
    saveModuleProgress: {
      invalidatesTags: [],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          dispatch(storeModuleProgress((await queryFulfilled).data))
        } catch {
          // The player keeps the position and tries again later.
        }
      },
    },
    setModuleCompletion: {
      invalidatesTags: [],
      async onQueryStarted({ moduleId, completionInput }, lifecycle) {
        // Safe to show at once: only those who may read the module have the button, and the server keeps no
        // other rule for it; a refusal (a lost enrollment, a deleted module) rolls back with an alert.
        const { dispatch, queryFulfilled } = lifecycle
        const state = lifecycle.getState()
        const courseId = cachedCourseOf(state, moduleId)
        const patch =
          courseId === undefined
            ? undefined
            : dispatch(
                api.util.updateQueryData('getMyProgress', undefined, (draft) => {
                  const known = draft
                    .find((c) => c.courseId === courseId)
                    ?.modules.find((m) => m.moduleId === moduleId)
                  const marked = {
                    moduleId,
                    courseId,
                    positionSeconds: known?.positionSeconds ?? 0,
                    durationSeconds: known?.durationSeconds ?? null,
                    completed: completionInput.completed,
                    updatedAt: new Date().toISOString(),
                  }
                  applyModuleProgress(draft, marked, cachedModuleIds(state, courseId))
                }),
              )
        try {
          dispatch(storeModuleProgress((await queryFulfilled).data))
        } catch {
          patch?.undo()
        }
      },
    },
    // The review schedule: a recorded practice changes the caller's count and queue (/home, /review).
    recordLinePractice: { invalidatesTags: (r) => (r ? [{ type: 'Review', id: 'LIST' }] : []) },
    getDueReviews: { providesTags: [{ type: 'Review', id: 'LIST' }] },
    getReviewSummary: { providesTags: [{ type: 'Review', id: 'LIST' }] },
    getModulesByCourse: {
      keepUnusedDataFor: COURSE_CACHE_SECONDS,
      providesTags: (r, _e, arg) => [
        ...(r ?? []).map((m) => ({ type: 'Module' as const, id: m._id })),
        { type: 'Module', id: modulesListId(arg.courseId) },
      ],
    },
    // Module mutations patch the list themselves (optimistically, then with the server's answer), so the
    // instructor never waits for a refetch; they invalidate only progress (a new module lowers the percent).
    createModule: {
      invalidatesTags: (r, _e, arg) =>
        r ? [myProgressTag, { type: 'Progress', id: studentsId(arg.moduleInput.courseId) }] : [],
      async onQueryStarted({ moduleInput }, { dispatch, queryFulfilled }) {
        // Safe to show at once: the form already checked the required fields.
        const tempId = `pending-${++tempIds}`
        const optimistic: Module = {
          _id: tempId,
          videoId: null,
          position: 0,
          ...moduleInput,
          line: moduleInput.line ?? null,
        }
        const patch = dispatch(
          api.util.updateQueryData('getModulesByCourse', { courseId: moduleInput.courseId }, (draft) => {
            optimistic.position = draft.length
            draft.push(optimistic)
          }),
        )
        try {
          const { data } = await queryFulfilled
          dispatch(
            api.util.updateQueryData('getModulesByCourse', { courseId: moduleInput.courseId }, (draft) =>
              draft.map((m) => (m._id === tempId ? data : m)),
            ),
          )
        } catch {
          patch.undo()
        }
      },
    },
    updateModule: {
      invalidatesTags: [],
      async onQueryStarted({ moduleId, modulePatch }, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle
        const patches = api.util
          .selectCachedArgsForQuery(lifecycle.getState(), 'getModulesByCourse')
          .map((args) =>
            dispatch(
              api.util.updateQueryData('getModulesByCourse', args, (draft) => {
                const found = draft.find((m) => m._id === moduleId)
                if (found) Object.assign(found, modulePatch)
              }),
            ),
          )
        try {
          const { data } = await queryFulfilled
          dispatch(
            api.util.updateQueryData('getModulesByCourse', { courseId: data.courseId }, (draft) =>
              draft.map((m) => (m._id === data._id ? data : m)),
            ),
          )
        } catch {
          patches.forEach((p) => p.undo())
        }
      },
    },
    // A deleted module's progress goes with it (its course is no longer known here: all progress).
    deleteModule: {
      invalidatesTags: (_r, e) => (e ? [] : ['Progress']),
      async onQueryStarted({ moduleId }, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle
        const patches = api.util
          .selectCachedArgsForQuery(lifecycle.getState(), 'getModulesByCourse')
          .map((args) =>
            dispatch(
              api.util.updateQueryData('getModulesByCourse', args, (draft) =>
                draft.filter((m) => m._id !== moduleId),
              ),
            ),
          )
        try {
          await queryFulfilled
        } catch {
          patches.forEach((p) => p.undo())
        }
      },
    },
    uploadVideo: {
      invalidatesTags: [],
      // The contract's body is multipart/form-data; the generated query would send JSON.
      query: ({ videoUpload }) => {
        const form = new FormData()
        form.append('courseId', videoUpload.courseId)
        const { file } = videoUpload
        form.append('file', file, file instanceof File ? file.name : 'video')
        return { url: '/api/videos', method: 'POST', body: form }
      },
    },
    // filePath is a short-lived signed URL: keep it only as long as the default.
    getVideo: { providesTags: (_r, _e, arg) => [{ type: 'Video', id: arg.videoId }] },
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
          userPagesApi.util.updateQueryData('getUserPages', undefined, (draft) => {
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
    getUserRank: { providesTags: (_r, _e, arg) => [{ type: 'User', id: `rank:${arg.userId}` }] },
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
    getCart: { providesTags: (r) => [...courseTags(r?.items), { type: 'Cart', id: 'LIST' }] },
    addToCart: { invalidatesTags: (r) => (r ? [{ type: 'Cart', id: 'LIST' }] : []) },
    removeFromCart: { invalidatesTags: (r) => (r ? [{ type: 'Cart', id: 'LIST' }] : []) },
    checkout: {
      invalidatesTags: (r) =>
        r
          ? [
              { type: 'Cart', id: 'LIST' },
              { type: 'Enrollment', id: 'LIST' },
              ...r.courseIds.map((id) => ({ type: 'Enrollment' as const, id: studentsId(id) })),
              { type: 'Profile', id: 'me' },
              { type: 'Profile', id: 'LIST' },
              myProgressTag,
              ...r.courseIds.map((id) => ({ type: 'Progress' as const, id: studentsId(id) })),
            ]
          : [],
    },
  },
})

/**
 * How every paged list of the API pages (issue 14): the first page without a cursor, each next one with the cursor
 * the page before answered, none after a page whose nextCursor is null.
 */
const CURSOR_PAGES = {
  initialPageParam: null,
  getNextPageParam: (lastPage: { nextCursor: string | null }) => lastPage.nextCursor,
}

/** What a catalogue view asks for: its search, order and price bounds (the pages come from the cursor). */
export type CatalogueArg = Pick<GetCoursesApiArg, 'q' | 'sort' | 'minPrice' | 'maxPrice'>

export { CATALOGUE_PAGE_SIZE }

/** The cache key of a view of /courses: its search (none when empty) and order. */
export const catalogueArg = (q: string, sort: NonNullable<CatalogueArg['sort']>): CatalogueArg => ({
  q: q || undefined,
  sort,
})

/**
 * The catalogue as an infinite query over getCourses' pages (codegen writes plain queries only): one cache entry
 * per search and sort holding every page loaded, each page asked for with the cursor the one before answered.
 * Tagged like the list, so creating, editing or deleting a course refetches the pages loaded, in order.
 */
export const catalogueApi = api.injectEndpoints({
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
  }),
})

export const { useGetCoursePagesInfiniteQuery } = catalogueApi

/** Users per page on /admin. */
export const USERS_PAGE_SIZE = 50

/**
 * /admin's users as an infinite query over getUsers' pages, oldest first. A role change patches its row in
 * place (updateUserRole above); nothing else the SPA does changes the list.
 */
export const userPagesApi = api.injectEndpoints({
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

export const { useGetUserPagesInfiniteQuery } = userPagesApi

/** Followers per page on a player's page. */
export const FOLLOWERS_PAGE_SIZE = 50

/**
 * A player's followers as an infinite query over getPlayerFollowers' pages, oldest first; tagged with the player
 * like the list, so following or unfollowing refetches the pages loaded.
 */
export const followerPagesApi = api.injectEndpoints({
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

export const { useGetFollowerPagesInfiniteQuery } = followerPagesApi

/** Coursemates per page on a course card. */
export const COURSEMATES_PAGE_SIZE = 20

/**
 * A course's students as an infinite query over getEnrolledStudents' pages, in the order they enrolled; tagged
 * like the list, so an enrollment or a checkout refetches the pages loaded.
 */
export const coursematePagesApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useGetCoursematePagesInfiniteQuery } = coursematePagesApi

/** Reads a player's followers again: the pages and the caller's own record (the Follow button) alike. */
export const refreshFollowers = (username: string) =>
  api.util.invalidateTags([{ type: 'Followers', id: player(username) }])

/** The store as the API's selectors and thunks see it. */
export type ApiRootState = Parameters<typeof api.util.selectCachedArgsForQuery>[0]

/** The ids of a course's modules in course order, when its list is cached (modules still being added left out). */
function cachedModuleIds(state: ApiRootState, courseId: string): string[] | undefined {
  const modules = api.endpoints.getModulesByCourse.select({ courseId })(state).data
  return modules?.filter((m) => !isPending(m._id)).map((m) => m._id)
}

/** The course of a module, from the cached module lists (the modules page holds it). */
function cachedCourseOf(state: ApiRootState, moduleId: string): string | undefined {
  return api.util.selectCachedArgsForQuery(state, 'getModulesByCourse').find((args) =>
    api.endpoints.getModulesByCourse
      .select(args)(state)
      .data?.some((m) => m._id === moduleId),
  )?.courseId
}

/** Puts the server's answer for one module into the caller's progress; refetches it when that cannot be exact. */
export const storeModuleProgress =
  (saved: ModuleProgress): ThunkAction<void, ApiRootState, unknown, UnknownAction> =>
  (dispatch, getState) => {
    let exact = true
    dispatch(
      api.util.updateQueryData('getMyProgress', undefined, (draft) => {
        exact = applyModuleProgress(draft, saved, cachedModuleIds(getState(), saved.courseId))
      }),
    )
    if (!exact) dispatch(api.util.invalidateTags([myProgressTag]))
  }

export {
  useGetHealthQuery,
  useRegisterMutation,
  useLoginMutation,
  useLogoutMutation,
  useLogoutEverywhereMutation,
  useGetCoursesQuery,
  useCreateCourseMutation,
  useGetCourseQuery,
  useUpdateCourseMutation,
  useDeleteCourseMutation,
  useGetEnrolledCoursesQuery,
  useGetEnrolledStudentsQuery,
  useGetCourseCurriculumQuery,
  useEnrollInCourseMutation,
  useGetCourseProgressQuery,
  useGetMyProgressQuery,
  useSetModuleCompletionMutation,
  useCreateModuleMutation,
  useGetModulesByCourseQuery,
  useUpdateModuleMutation,
  useDeleteModuleMutation,
  useUploadVideoMutation,
  useGetVideoQuery,
  useGetMyProfileQuery,
  useUpdateMyProfileMutation,
  useChangeMyPasswordMutation,
  useGetProfileQuery,
  useGetUsersQuery,
  useUpdateUserRoleMutation,
  useSetUserPasswordMutation,
  useGetUserRankQuery,
  useGetPlayerFollowersQuery,
  useGetPlayerCommentsQuery,
  useFollowPlayerMutation,
  useUnfollowPlayerMutation,
  useCommentPlayerMutation,
  useDeleteCommentMutation,
  useGetCartQuery,
  useAddToCartMutation,
  useRemoveFromCartMutation,
  useCheckoutMutation,
  useRecordLinePracticeMutation,
  useGetDueReviewsQuery,
  useGetReviewSummaryQuery,
} from '@/api/generated/api'
export type * from '@/api/generated/api'
