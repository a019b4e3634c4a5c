// The caller's progress (one list read by /courses, /home, the profile and the modules page) and a course's table of
// its students' progress. A saved position or a completion is patched into the list in place, never refetched.
import { api, COURSE_CACHE_SECONDS } from '@/api/api'
import { myProgressTag, studentsId } from '@/api/tags'
import { applyModuleProgress } from '@/features/progress/progressCache'
import { cachedCourseOf, cachedModuleIds, storeModuleProgress } from '@/features/progress/progressThunks'

export const progressApi = api.enhanceEndpoints({
  endpoints: {
    getCourseProgress: {
      providesTags: (_r, _e, arg) => [{ type: 'Progress', id: studentsId(arg.courseId) }],
    },
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
  },
})

export const { useGetCourseProgressQuery, useGetMyProgressQuery, useSetModuleCompletionMutation } =
  progressApi
