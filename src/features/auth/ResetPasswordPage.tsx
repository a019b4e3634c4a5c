import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { useResetPasswordMutation } from '@/features/auth/accountEndpoints'
import { EXPIRED_LINK_TEXT, PASSWORD_RESET_TEXT } from '@/features/auth/mailTexts'
import { newPasswordProblem, passwordFailureText } from '@/features/auth/passwordRules'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Field } from '@/components/Field'
import { problemStatus } from '@/api/problemText'

const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** An old or used link: says so, with a way to ask for a new one. */
function ExpiredLink() {
  return (
    <div className="card">
      <ErrorMessage>{EXPIRED_LINK_TEXT}</ErrorMessage>
      <p>
        <Link to="/forgot-password">Ask for a new link</Link>
      </p>
    </div>
  )
}

/** /reset-password?token=…: the new password twice, under the registration's rules. */
export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? ''
  const [next, setNext] = useState('')
  const [again, setAgain] = useState('')
  const [state, setState] = useState<'form' | 'done' | 'expired'>(TOKEN.test(token) ? 'form' : 'expired')
  const [failure, setFailure] = useState<string | null>(null)
  const [reset, { isLoading }] = useResetPasswordMutation()

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault()
    const problem = newPasswordProblem(next, again)
    if (problem) return setFailure(problem)
    setFailure(null)
    try {
      await reset({ passwordResetWithToken: { token, newPassword: next } }).unwrap()
      setState('done')
    } catch (error) {
      if (problemStatus(error) === 401) return setState('expired')
      setFailure(passwordFailureText(error, 'The password could not be changed. Please try again.'))
    }
  }

  const password = { type: 'password', required: true, autoComplete: 'new-password' } as const
  return (
    <section className="page page--narrow">
      <h1>Choose a new password</h1>
      {state === 'expired' && <ExpiredLink />}
      {state === 'done' && (
        <div className="card">
          <p className="notice" role="status">
            {PASSWORD_RESET_TEXT}
          </p>
          <p>
            <Link to="/login">Login</Link>
          </p>
        </div>
      )}
      {state === 'form' && (
        <form className="form card" onSubmit={(e) => void onSubmit(e)}>
          <Field
            label="New password"
            name="newPassword"
            {...password}
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
          <Field
            label="New password again"
            name="newPasswordAgain"
            {...password}
            value={again}
            onChange={(e) => setAgain(e.target.value)}
          />
          {failure && <ErrorMessage>{failure}</ErrorMessage>}
          <button type="submit" className="btn btn--primary" disabled={isLoading}>
            Set new password
          </button>
        </form>
      )}
    </section>
  )
}
