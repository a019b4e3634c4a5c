import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useUnsubscribeReviewRemindersMutation } from '@/features/auth/accountEndpoints'
import { UNSUBSCRIBED_TEXT } from '@/features/auth/mailTexts'
import { ErrorMessage } from '@/components/ErrorMessage'
import { problemStatus, TRY_AGAIN_TEXT } from '@/api/problemText'

/** /unsubscribe?user=…&sig=…: the review reminder's own link, which works without signing in. */
export default function UnsubscribePage() {
  const [params] = useSearchParams()
  const [unsubscribe, { isLoading }] = useUnsubscribeReviewRemindersMutation()
  const [state, setState] = useState<'ask' | 'done' | 'invalid' | 'failed'>('ask')

  async function onClick() {
    try {
      await unsubscribe({ user: params.get('user') ?? '', sig: params.get('sig') ?? '' }).unwrap()
      setState('done')
    } catch (error) {
      const status = problemStatus(error)
      setState(status === 400 || status === 403 ? 'invalid' : 'failed')
    }
  }

  return (
    <section className="page page--narrow">
      <h1>Review reminders</h1>
      <div className="card">
        {state === 'done' ? (
          <p className="notice" role="status">
            {UNSUBSCRIBED_TEXT}
          </p>
        ) : (
          <>
            <p>Stop the mails that tell you when lines are due for review?</p>
            {state === 'invalid' && <ErrorMessage>This unsubscribe link is not valid.</ErrorMessage>}
            {state === 'failed' && <ErrorMessage>{TRY_AGAIN_TEXT}</ErrorMessage>}
            <button
              type="button"
              className="btn btn--primary"
              disabled={isLoading}
              onClick={() => void onClick()}
            >
              Unsubscribe
            </button>
          </>
        )}
      </div>
    </section>
  )
}
