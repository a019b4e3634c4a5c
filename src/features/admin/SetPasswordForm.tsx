import { useState } from 'react'
import { useSetUserPasswordMutation } from '@/features/admin/adminEndpoints'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Field } from '@/components/Field'
import { problemStatus } from '@/api/problemText'
import { newPasswordProblem, passwordFailureText } from '@/features/auth/passwordRules'

export const PASSWORD_SET_TEXT = 'Password set.'

function failureText(error: unknown): string {
  switch (problemStatus(error)) {
    case 403:
      return 'Only admins may set passwords.'
    case 404:
      return 'This user no longer exists.'
    default:
      return passwordFailureText(error, 'The password could not be set. Please try again.')
  }
}

/** One user row's 'Set password': a small inline form. The server ends all of that user's sessions. */
export function SetPasswordForm({ userId, username }: { userId: string; username: string }) {
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [done, setDone] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [setUserPassword, { isLoading }] = useSetUserPasswordMutation()

  function show(next: boolean) {
    setOpen(next)
    setPassword('')
    setFailure(null)
    if (next) setDone(false)
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault()
    const problem = newPasswordProblem(password)
    if (problem) return setFailure(problem)
    try {
      await setUserPassword({ id: userId, passwordReset: { newPassword: password } }).unwrap()
      show(false)
      setDone(true)
    } catch (error) {
      setFailure(failureText(error))
    }
  }

  return (
    <div className="set-password">
      {open ? (
        <form className="form" onSubmit={(e) => void onSubmit(e)}>
          <Field
            label="New password"
            type="password"
            name="newPassword"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="row">
            <button type="submit" className="btn btn--primary" disabled={isLoading}>
              Save
            </button>
            <button type="button" className="btn" onClick={() => show(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="btn"
          aria-label={`Set password for ${username}`}
          onClick={() => show(true)}
        >
          Set password
        </button>
      )}
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      <p className="notice" role="status">
        {done ? PASSWORD_SET_TEXT : ''}
      </p>
    </div>
  )
}
