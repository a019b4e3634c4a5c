// The session's reactions: logging out on a 401, clearing the previous session's cache, keeping the stored
// user in step with the server.
import { isAnyOf, type UnknownAction } from '@reduxjs/toolkit'
import { REHYDRATE, type RehydrateAction } from 'redux-persist'
import { unauthorizedResponse } from '@/api/baseApi'
import { api } from '@/api/api'
import type { AppStartListening } from '@/app/listeners'
import { profileApi } from '@/features/profile/profileEndpoints'
import { loggedIn, loggedOut, sessionUserRefreshed } from '@/features/auth/authSlice'
import { LOGIN_PROMPTS_KEY } from '@/features/auth/LoginRequiredModal'
import { alertShown } from '@/features/layout/alertsSlice'

/** The stored user is checked against the server at most this often (start-up, focus, visible again). */
export const SESSION_REFRESH_SECONDS = 30

export const LOGOUT_UNSENT_TEXT =
  "You are logged out in this browser, but the server could not be told. To end that session too, log in and use 'Log out everywhere' on your profile."

/** How long a logout's own request may hold off the cache reset (it would otherwise be aborted). */
export const LOGOUT_GRACE_MS = 3000

const isAuthRehydrated = (action: UnknownAction): action is UnknownAction & RehydrateAction =>
  action.type === REHYDRATE && action.key === 'auth'

export function registerAuthListeners(startListening: AppStartListening) {
  startListening({
    type: unauthorizedResponse.type,
    effect: (_action, listenerApi) => {
      if (listenerApi.getState().auth.token) listenerApi.dispatch(loggedOut())
    },
  })

  // Cached data belongs to the previous session (enrollments, cart, profile). Resetting the cache aborts
  // every running request, so on logout the reset first lets POST /api/auth/logout (sent with the old
  // token) finish, for at most LOGOUT_GRACE_MS; a later login or logout supersedes the wait.
  startListening({
    matcher: isAnyOf(loggedIn, loggedOut),
    effect: async (action, listenerApi) => {
      listenerApi.cancelActiveListeners()
      if (loggedOut.match(action)) {
        const endings = listenerApi
          .dispatch(api.util.getRunningMutationsThunk())
          .filter((m) => m.arg.endpointName === api.endpoints.logout.name)
        if (endings.length > 0)
          await listenerApi.pause(
            Promise.race([Promise.allSettled(endings), listenerApi.delay(LOGOUT_GRACE_MS)]),
          )
      }
      listenerApi.dispatch(api.util.resetApiState())
    },
  })

  // Logout's button is gone with the session, so its failure is said where the page's alerts show. A 401 is no
  // failure: that session had already ended.
  startListening({
    matcher: api.endpoints.logout.matchRejected,
    effect: (action, listenerApi) => {
      if (action.payload?.status !== 401) listenerApi.dispatch(alertShown(LOGOUT_UNSENT_TEXT, 'error'))
    },
  })

  // Whoever uses the browser after a logout is a new visitor: the Login Required prompts of /courses and /cart,
  // shown once per visit, are shown to them again.
  startListening({
    actionCreator: loggedOut,
    effect: () => {
      try {
        sessionStorage.removeItem(LOGIN_PROMPTS_KEY)
      } catch {
        // storage disabled: nothing was remembered
      }
    },
  })

  // Start-up (the stored session restored) and the window regaining focus or becoming visible again: ask
  // the server who the logged-in user is now, so a role or username changed elsewhere (an admin's promotion
  // or demotion) shows without a new login. Throttled by the cache: a GET /api/profile/me answered less than
  // SESSION_REFRESH_SECONDS ago is not repeated. A 401 logs out (above).
  startListening({
    matcher: isAnyOf(isAuthRehydrated, api.internalActions.onFocus),
    effect: (_action, listenerApi) => {
      if (!listenerApi.getState().auth.token) return
      void listenerApi.dispatch(
        profileApi.endpoints.getMyProfile.initiate(undefined, {
          subscribe: false,
          forceRefetch: SESSION_REFRESH_SECONDS,
        }),
      )
    },
  })

  // Every answer of GET /api/profile/me (this refresh, or the profile page) updates the stored user.
  startListening({
    matcher: profileApi.endpoints.getMyProfile.matchFulfilled,
    effect: ({ payload: { _id, role, username } }, listenerApi) => {
      const user = listenerApi.getState().auth.user
      if (user?._id === _id && (user.role !== role || user.username !== username))
        listenerApi.dispatch(sessionUserRefreshed({ _id, role, username }))
    },
  })
}
