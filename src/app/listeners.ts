// Cross-cutting reactions: logging out on a 401, in-app alerts for enrollment and module rollbacks.
import {
  createListenerMiddleware,
  isAnyOf,
  type Dispatch,
  type ListenerEffectAPI,
  type UnknownAction,
} from '@reduxjs/toolkit'
import { unauthorizedResponse } from '@/api/baseApi'
import { api } from '@/api/enhancedApi'
import { loggedIn, loggedOut } from '@/features/auth/authSlice'
import { alertShown } from '@/features/layout/alertsSlice'

export const listenerMiddleware = createListenerMiddleware()

type Api = ListenerEffectAPI<{ auth: { token: string | null } }, Dispatch<UnknownAction>>

export const ENROLL_SUCCESS_TEXT = 'Enrolled successfully!'
export const ENROLL_FAILURE_TEXT = 'Failed to enroll in course.'
export const MODULE_ROLLBACK_TEXT = 'The module change was refused by the server and has been undone.'

export function logOutOnUnauthorized(_action: UnknownAction, listenerApi: Api) {
  if (listenerApi.getState().auth.token) listenerApi.dispatch(loggedOut())
}

/** Cached data belongs to the previous session (enrollments, cart, profile). */
export function resetCacheOnSessionChange(_action: UnknownAction, listenerApi: Api) {
  listenerApi.dispatch(api.util.resetApiState())
}

export function announceEnrolled(_action: UnknownAction, listenerApi: Api) {
  listenerApi.dispatch(alertShown(ENROLL_SUCCESS_TEXT, 'success'))
}

export function announceEnrollFailed(action: UnknownAction, listenerApi: Api) {
  console.error('Enroll failed', action)
  listenerApi.dispatch(alertShown(ENROLL_FAILURE_TEXT, 'error'))
}

export function announceModuleRollback(action: UnknownAction, listenerApi: Api) {
  console.error('Module change refused', action)
  listenerApi.dispatch(alertShown(MODULE_ROLLBACK_TEXT, 'error'))
}

const start = listenerMiddleware.startListening as unknown as (opts: {
  actionCreator?: { match: (a: UnknownAction) => boolean; type: string }
  matcher?: (a: UnknownAction) => boolean
  effect: (a: UnknownAction, api: Api) => void
}) => void

start({ matcher: (a) => a.type === unauthorizedResponse.type, effect: logOutOnUnauthorized })
start({ matcher: isAnyOf(loggedIn, loggedOut), effect: resetCacheOnSessionChange })
start({ matcher: api.endpoints.enrollInCourse.matchFulfilled, effect: announceEnrolled })
start({ matcher: api.endpoints.enrollInCourse.matchRejected, effect: announceEnrollFailed })
start({
  matcher: isAnyOf(
    api.endpoints.createModule.matchRejected,
    api.endpoints.updateModule.matchRejected,
    api.endpoints.deleteModule.matchRejected,
  ),
  effect: announceModuleRollback,
})
