// The mailed links of an account (a password reset, a verification, an unsubscribe) and asking for a reset: none of
// them changes data this browser has cached, except a verification, which the profile shows.
import { api } from '@/api/api'

export const accountApi = api.enhanceEndpoints({
  endpoints: {
    requestPasswordReset: { invalidatesTags: [] },
    resetPassword: { invalidatesTags: [] },
    verifyEmail: {
      invalidatesTags: (r) => (r ? [{ type: 'Profile', id: 'me' }] : []),
    },
    unsubscribeReviewReminders: {
      invalidatesTags: (r) => (r ? [{ type: 'Profile', id: 'me' }] : []),
    },
  },
})

export const {
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
  useUnsubscribeReviewRemindersMutation,
} = accountApi
