import { useState } from 'react'
import { useGetMyProfileQuery } from '@/features/profile/profileEndpoints'
import { useChangeMyEmailMutation, useSetReviewRemindersMutation } from '@/features/profile/emailEndpoints'
import { EmailStatus } from '@/features/profile/EmailStatus'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Field } from '@/components/Field'
import { problemStatus, TRY_AGAIN_TEXT } from '@/api/problemText'

export const REMINDERS_LABEL = 'Email me when lines are due for review'

function changeFailureText(error: unknown): string {
  switch (problemStatus(error)) {
    case 400:
      return 'Please enter a valid email that is not your current one.'
    case 403:
      return 'The current password is wrong.'
    case 409:
      return 'This email is already registered.'
    case 429:
      return 'Too many attempts. Please try again later.'
    default:
      return TRY_AGAIN_TEXT
  }
}

/** One's email: its state, changing it (the new address must follow a mailed link), and the review reminders. */
export function EmailSettings() {
  const { data } = useGetMyProfileQuery()
  const [newEmail, setNewEmail] = useState('')
  const [password, setPassword] = useState('')
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)
  const [change, changing] = useChangeMyEmailMutation()
  const [setReminders, saving] = useSetReviewRemindersMutation()
  const [reminderFailed, setReminderFailed] = useState(false)

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault()
    setOutcome(null)
    try {
      const { message } = await change({ emailChange: { newEmail, currentPassword: password } }).unwrap()
      setNewEmail('')
      setPassword('')
      setOutcome({ ok: true, text: message })
    } catch (error) {
      setOutcome({ ok: false, text: changeFailureText(error) })
    }
  }

  async function onToggle(enabled: boolean) {
    setReminderFailed(false)
    await setReminders({ reviewReminders: { enabled } })
      .unwrap()
      .catch(() => setReminderFailed(true))
  }

  return (
    <section className="card" aria-labelledby="email-heading">
      <h2 id="email-heading">Email settings</h2>
      <EmailStatus />
      <label className="row">
        <input
          type="checkbox"
          checked={data?.reviewReminders ?? false}
          disabled={!data || saving.isLoading}
          onChange={(e) => void onToggle(e.target.checked)}
        />
        <span>{REMINDERS_LABEL}</span>
      </label>
      {reminderFailed && <ErrorMessage>The setting could not be saved. Please try again.</ErrorMessage>}
      <form className="form" onSubmit={(e) => void onSubmit(e)}>
        <Field
          label="New email"
          type="email"
          name="newEmail"
          autoComplete="email"
          required
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
        />
        <Field
          label="Current password"
          type="password"
          name="emailCurrentPassword"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {outcome?.ok === false && <ErrorMessage>{outcome.text}</ErrorMessage>}
        <div className="row">
          <button type="submit" className="btn btn--primary" disabled={changing.isLoading}>
            Change email
          </button>
          <p className="notice" role="status">
            {outcome?.ok ? outcome.text : ''}
          </p>
        </div>
      </form>
    </section>
  )
}
