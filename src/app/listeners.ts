// The store's listeners: each feature registers its own reactions; the app adds the one that logs failed
// API calls. A listener middleware per store, so two stores (two tests) never share a running listener.
import {
  addListener,
  createListenerMiddleware,
  isRejected,
  isRejectedWithValue,
  type TypedStartListening,
  type UnknownAction,
} from '@reduxjs/toolkit'
import { api } from '@/api/api'
import { chessDataApi } from '@/api/chessDataApi'
import type { AppDispatch, RootState } from '@/app/store'
import { registerAuthListeners } from '@/features/auth/authListeners'
import { registerEnrollmentListeners } from '@/features/courses/enrollmentListeners'
import { registerModuleListeners } from '@/features/modules/moduleListeners'

export type AppStartListening = TypedStartListening<RootState, AppDispatch>
/** A listener a component adds while it is mounted (`dispatch(addAppListener(...))` answers its removal). */
export const addAppListener = addListener.withTypes<RootState, AppDispatch>()

const API_SLICES: readonly string[] = [api.reducerPath, chessDataApi.reducerPath]

type FailedApiCall = UnknownAction & {
  payload?: unknown
  error: unknown
  meta: { arg: { endpointName: string }; aborted: boolean; condition: boolean }
}

/**
 * A query or mutation of our API or chess.com's that failed: neither one its condition skipped (already
 * cached or running) nor one that was aborted (a cache reset on logout).
 */
function isFailedApiCall(action: unknown): action is FailedApiCall {
  if (!isRejected(action)) return false
  const [slice, thunk] = action.type.split('/')
  return (
    API_SLICES.includes(slice) &&
    (thunk === 'executeQuery' || thunk === 'executeMutation') &&
    !action.meta.condition &&
    !action.meta.aborted
  )
}

/** What the console says about a failed call (the endpoint's name, e.g. 'getModulesByCourse'). */
export const failedCallText = (endpointName: string) => `API call ${endpointName} failed`

/**
 * Failures outside the error catalogue have no message of their own for the user: they are only logged to the
 * console. This is the one place
 * that logs them: the server's answer (status and problem) or the error thrown, never the request.
 */
function logFailedApiCalls(startListening: AppStartListening) {
  startListening({
    matcher: isFailedApiCall,
    effect: (action) => {
      const why = isRejectedWithValue(action) ? action.payload : action.error
      console.error(failedCallText(action.meta.arg.endpointName), why)
    },
  })
}

export function createAppListenerMiddleware() {
  const listeners = createListenerMiddleware()
  const startListening = listeners.startListening.withTypes<RootState, AppDispatch>()
  logFailedApiCalls(startListening)
  registerAuthListeners(startListening)
  registerEnrollmentListeners(startListening)
  registerModuleListeners(startListening)
  return listeners
}
