import { useState } from 'react'
import { Link } from 'react-router-dom'
import { useRequestPasswordResetMutation } from '@/features/auth/accountEndpoints'
import { RESET_SENT_TEXT } from '@/features/auth/mailTexts'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Field } from '@/components/Field'
import { problemStatus, TRY_AGAIN_TEXT } from '@/api/problemText'

/** /forgot-password: an email, and a reset link mailed to the account that uses it (the answer never says if one does). */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [request, { isLoading }] = useRequestPasswordResetMutation()

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault()
    setFailure(null)
    try {
      await request({ passwordResetRequest: { email } }).unwrap()
      setSent(true)
    } catch (error) {
      setFailure(
        problemStatus(error) === 429
          ? 'Too many requests. Please wait a few minutes and try again.'
          : TRY_AGAIN_TEXT,
      )
    }
  }

  return (
    <section className="page page--narrow">
      <h1>Forgot password?</h1>
      {sent ? (
        <div className="card">
          <p className="notice" role="status">
            {RESET_SENT_TEXT}
          </p>
          <p className="muted">
            <Link to="/login">Back to login</Link>
          </p>
        </div>
      ) : (
        <form className="form card" onSubmit={(e) => void onSubmit(e)}>
          <p className="muted">
            Enter the email of your account: we will mail you a link to choose a new password.
          </p>
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {failure && <ErrorMessage>{failure}</ErrorMessage>}
          <button type="submit" className="btn btn--primary" disabled={isLoading}>
            Send reset link
          </button>
        </form>
      )}
    </section>
  )
}
