import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { useRegisterMutation } from '@/features/auth/authEndpoints'
import { Field } from '@/components/Field'
import { ErrorMessage } from '@/components/ErrorMessage'
import {
  PASSWORD_RULE_TEXT,
  registerFailure,
  USERNAME_RULE_TEXT,
  type RegisterField,
} from '@/features/auth/authMessages'
import type { LoginPageState } from '@/features/auth/LoginPage'

/** Where the phone number will be seen: the server shows it on the profile to signed-in users only. */
export const PHONE_NUMBER_SHOWN_TEXT = 'Shown on your profile to signed-in users.'

const empty = { username: '', email: '', password: '', phoneNumber: '' }

export default function RegisterPage() {
  const [form, setForm] = useState(empty)
  const [register, { isLoading }] = useRegisterMutation()
  const [failure, setFailure] = useState<{ field: RegisterField; text: string } | null>(null)
  const errorOf = (field: RegisterField) => (failure?.field === field ? failure.text : undefined)
  const navigate = useNavigate()
  // A registration started from the Login Required modal returns to its page after the login that follows.
  const { from } = (useLocation().state as LoginPageState | null) ?? {}
  const set = (key: keyof typeof empty) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault()
    setFailure(null)
    try {
      const { phoneNumber, ...required } = form
      await register({
        registerInput: { ...required, ...(phoneNumber ? { phoneNumber } : {}), role: 'student' },
      }).unwrap()
      const state: LoginPageState = { registered: true, ...(from ? { from } : {}) }
      void navigate('/login', { state })
    } catch (error) {
      // Logged with every failed call (app/listeners.ts); the field it is about says why.
      setFailure(registerFailure(error))
    }
  }

  return (
    <section className="page page--narrow">
      <h1>Register</h1>
      <form className="form card" onSubmit={(e) => void onSubmit(e)}>
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          required
          minLength={3}
          maxLength={30}
          pattern="[A-Za-z0-9_\-]{3,30}"
          hint={USERNAME_RULE_TEXT}
          error={errorOf('username')}
          value={form.username}
          onChange={set('username')}
        />
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          error={errorOf('email')}
          value={form.email}
          onChange={set('email')}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          hint={PASSWORD_RULE_TEXT}
          error={errorOf('password')}
          value={form.password}
          onChange={set('password')}
        />
        <Field
          label="Phone number (optional)"
          type="tel"
          name="phoneNumber"
          autoComplete="tel"
          hint={PHONE_NUMBER_SHOWN_TEXT}
          error={errorOf('phoneNumber')}
          value={form.phoneNumber}
          onChange={set('phoneNumber')}
        />
        {failure?.field === 'form' && <ErrorMessage>{failure.text}</ErrorMessage>}
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Register
        </button>
        <p className="muted">
          Already registered?{' '}
          <Link to="/login" state={from ? { from } : undefined}>
            Login
          </Link>
        </p>
      </form>
    </section>
  )
}
