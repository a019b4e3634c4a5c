import { useState } from 'react'
import { useGetMyProfileQuery } from '@/features/profile/profileEndpoints'
import { useResendVerificationEmailMutation } from '@/features/profile/emailEndpoints'
import { ErrorMessage } from '@/components/ErrorMessage'
import { problemStatus, TRY_AGAIN_TEXT } from '@/api/problemText'

export const NOT_VERIFIED_TEXT = 'Email not verified'

/** Whether one's email was verified ('Send again' mails a new link), and a new address waiting for its link. */
export function EmailStatus() {
  const { data } = useGetMyProfileQuery()
  const [resend, { isLoading }] = useResendVerificationEmailMutation()
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)
  if (!data) return null

  async function onClick() {
    setOutcome(null)
    try {
      setOutcome({ ok: true, text: (await resend().unwrap()).message })
    } catch (error) {
      setOutcome({
        ok: false,
        text: problemStatus(error) === 429 ? 'Too many requests. Please try again later.' : TRY_AGAIN_TEXT,
      })
    }
  }

  return (
    <>
      {data.emailVerified === false && (
        <div className="row" aria-live="polite">
          <p className="error-message">{NOT_VERIFIED_TEXT}</p>
          <button type="button" className="btn" disabled={isLoading} onClick={() => void onClick()}>
            Send again
          </button>
        </div>
      )}
      {outcome &&
        (outcome.ok ? (
          <p className="notice" role="status">
            {outcome.text}
          </p>
        ) : (
          <ErrorMessage>{outcome.text}</ErrorMessage>
        ))}
      {data.pendingEmail && (
        <p className="muted">
          Waiting for {data.pendingEmail} to be confirmed: follow the link we mailed there.
        </p>
      )}
    </>
  )
}
