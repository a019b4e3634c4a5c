// One's email and the mail one gets: each answer changes what one's own profile shows (verified, a new address
// waiting for its link, the review reminders), so each refreshes it.
import { api } from '@/api/api'

const me = [{ type: 'Profile' as const, id: 'me' }]

export const emailApi = api.enhanceEndpoints({
  endpoints: {
    resendVerificationEmail: { invalidatesTags: [] },
    changeMyEmail: { invalidatesTags: (r) => (r ? me : []) },
    setReviewReminders: { invalidatesTags: (r) => (r ? me : []) },
  },
})

export const { useResendVerificationEmailMutation, useChangeMyEmailMutation, useSetReviewRemindersMutation } =
  emailApi
