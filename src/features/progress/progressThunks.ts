// Puts the server's answer for one module into the caller's progress, from the answer of a save, of a completion or
// of a keepalive save (progressKeepalive.ts), using the cached module lists for the course order.
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit'
import { api, type ApiRootState } from '@/api/api'
import type { ModuleProgress } from '@/api/generated/api'
import { isPending, myProgressTag } from '@/api/tags'
import { applyModuleProgress } from '@/features/progress/progressCache'

/** The ids of a course's modules in course order, when its list is cached (modules still being added left out). */
export function cachedModuleIds(state: ApiRootState, courseId: string): string[] | undefined {
  const modules = api.endpoints.getModulesByCourse.select({ courseId })(state).data
  return modules?.filter((m) => !isPending(m._id)).map((m) => m._id)
}

/** The course of a module, from the cached module lists (the modules page holds it). */
export function cachedCourseOf(state: ApiRootState, moduleId: string): string | undefined {
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
