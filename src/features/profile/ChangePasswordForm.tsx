import { useState } from 'react'
import { useChangeMyPasswordMutation } from '@/features/profile/profileEndpoints'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Field } from '@/components/Field'
import { problemStatus } from '@/api/problemText'
import { newPasswordProblem, passwordFailureText } from '@/features/auth/passwordRules'

export const PASSWORD_CHANGED_TEXT = 'Password changed. Your other sessions have been logged out.'
export const WRONG_CURRENT_PASSWORD_TEXT = 'The current password is wrong.'

type Outcome = { ok: boolean; text: string } | null

/** One's own password: the current one, the new one twice. The server logs out the other sessions. */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [again, setAgain] = useState('')
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [change, { isLoading }] = useChangeMyPasswordMutation()

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault()
    const problem = newPasswordProblem(next, again)
    if (problem) return setOutcome({ ok: false, text: problem })
    setOutcome(null)
    try {
      await change({ passwordChange: { currentPassword: current, newPassword: next } }).unwrap()
      setCurrent('')
      setNext('')
      setAgain('')
      setOutcome({ ok: true, text: PASSWORD_CHANGED_TEXT })
    } catch (error) {
      const text =
        problemStatus(error) === 403
          ? WRONG_CURRENT_PASSWORD_TEXT
          : passwordFailureText(error, 'The password could not be changed. Please try again.')
      setOutcome({ ok: false, text })
    }
  }

  const password = { type: 'password', required: true } as const
  return (
    <section className="card" aria-labelledby="change-password-heading">
      <h2 id="change-password-heading">Change password</h2>
      <form className="form" onSubmit={(e) => void onSubmit(e)}>
        <Field
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          {...password}
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <Field
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          {...password}
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <Field
          label="New password again"
          name="newPasswordAgain"
          autoComplete="new-password"
          {...password}
          value={again}
          onChange={(e) => setAgain(e.target.value)}
        />
        {outcome?.ok === false && <ErrorMessage>{outcome.text}</ErrorMessage>}
        <div className="row">
          <button type="submit" className="btn btn--primary" disabled={isLoading}>
            Change password
          </button>
          <p className="notice" role="status">
            {outcome?.ok ? outcome.text : ''}
          </p>
        </div>
      </form>
    </section>
  )
}
