import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { useVerifyEmailMutation } from '@/features/auth/accountEndpoints'
import { EMAIL_VERIFIED_TEXT, EXPIRED_LINK_TEXT } from '@/features/auth/mailTexts'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Spinner } from '@/components/Spinner'
import { problemStatus, TRY_AGAIN_TEXT } from '@/api/problemText'

const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** /verify-email?token=…: follows the link once, as the page opens. */
export default function VerifyEmailPage() {
  const token = useSearchParams()[0].get('token') ?? ''
  const [verify] = useVerifyEmailMutation()
  const [state, setState] = useState<'working' | 'done' | 'expired' | 'taken' | 'failed'>(
    TOKEN.test(token) ? 'working' : 'expired',
  )
  // A link is used up by its first request: React's double effects in development must not send it twice.
  const sent = useRef(false)

  useEffect(() => {
    if (sent.current || !TOKEN.test(token)) return
    sent.current = true
    verify({ mailToken: { token } })
      .unwrap()
      .then(
        () => setState('done'),
        (error: unknown) => {
          const status = problemStatus(error)
          setState(status === 401 ? 'expired' : status === 409 ? 'taken' : 'failed')
        },
      )
  }, [token, verify])

  return (
    <section className="page page--narrow">
      <h1>Verify your email</h1>
      <div className="card">
        {state === 'working' && <Spinner />}
        {state === 'done' && (
          <p className="notice" role="status">
            {EMAIL_VERIFIED_TEXT}
          </p>
        )}
        {state === 'expired' && (
          <>
            <ErrorMessage>{EXPIRED_LINK_TEXT}</ErrorMessage>
            <p className="muted">Sign in and use 'Send again' on your profile for a new link.</p>
          </>
        )}
        {state === 'taken' && <ErrorMessage>This email is already registered.</ErrorMessage>}
        {state === 'failed' && <ErrorMessage>{TRY_AGAIN_TEXT}</ErrorMessage>}
        <p>
          <Link to="/profile">Your profile</Link>
        </p>
      </div>
    </section>
  )
}
