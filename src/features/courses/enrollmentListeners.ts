// 'Enroll Now' answers with an in-app alert, whichever component started it.
import { api } from '@/api/api'
import type { AppStartListening } from '@/app/listeners'
import { alertShown } from '@/features/layout/alertsSlice'

export const ENROLL_SUCCESS_TEXT = 'Enrolled successfully!'
export const ENROLL_FAILURE_TEXT = 'Failed to enroll in course.'

export function registerEnrollmentListeners(startListening: AppStartListening) {
  startListening({
    matcher: api.endpoints.enrollInCourse.matchFulfilled,
    effect: (action, { dispatch }) => {
      // A 202 (Stripe) enrolls nobody yet: the buyer is on the way to Stripe's payment page.
      if ('url' in action.payload) return
      dispatch(alertShown(ENROLL_SUCCESS_TEXT, 'success'))
    },
  })
  startListening({
    matcher: api.endpoints.enrollInCourse.matchRejected,
    effect: (_action, { dispatch }) => {
      dispatch(alertShown(ENROLL_FAILURE_TEXT, 'error'))
    },
  })
}
