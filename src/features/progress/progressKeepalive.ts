// A video's position saved while the page is being hidden or closed: a `fetch` with `keepalive` outlives the
// page, where RTK Query's request would be cancelled with it. Same URL, body and headers as saveModuleProgress.
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit'
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { authHeaders } from '@/api/authHeaders'
import { unauthorizedResponse } from '@/api/baseApi'
import type { ApiRootState } from '@/api/api'
import { storeModuleProgress } from '@/features/progress/progressThunks'
import type { ModuleProgress, ProgressInput } from '@/api/generated/api'
import { config } from '@/app/config'

/** Shaped as an RTK Query mutation's result, so callers judge both the same way. */
export type KeepaliveResult = { data: ModuleProgress } | { error: FetchBaseQueryError }

/**
 * PUT /api/progress/modules/{moduleId} with `keepalive: true`; the answer, when the page is still there, is
 * patched into the caller's progress like saveModuleProgress's.
 */
export const saveModuleProgressKeepalive =
  (
    moduleId: string,
    progressInput: ProgressInput,
  ): ThunkAction<Promise<KeepaliveResult>, ApiRootState, unknown, UnknownAction> =>
  async (dispatch, getState) => {
    const url = `${config.apiBaseUrl}/api/progress/modules/${encodeURIComponent(moduleId)}`
    const headers = authHeaders(new Headers({ 'Content-Type': 'application/json' }), getState, url)
    try {
      const response = await fetch(url, {
        method: 'PUT',
        headers,
        body: JSON.stringify(progressInput),
        keepalive: true,
      })
      if (!response.ok) {
        if (response.status === 401 && headers.has('Authorization')) dispatch(unauthorizedResponse)
        return { error: { status: response.status, data: undefined } }
      }
      const data = (await response.json()) as ModuleProgress
      dispatch(storeModuleProgress(data))
      return { data }
    } catch (error) {
      return { error: { status: 'FETCH_ERROR', error: String(error) } }
    }
  }
