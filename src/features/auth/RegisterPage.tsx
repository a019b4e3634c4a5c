import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { useRegisterMutation } from '@/api/enhancedApi'
import { Field } from '@/components/Field'

const empty = { username: '', email: '', password: '', phoneNumber: '' }

export default function RegisterPage() {
  const [form, setForm] = useState(empty)
  const [register, { isLoading }] = useRegisterMutation()
  const navigate = useNavigate()
  const set = (key: keyof typeof empty) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault()
    try {
      const { phoneNumber, ...required } = form
      await register({
        registerInput: { ...required, ...(phoneNumber ? { phoneNumber } : {}), role: 'student' },
      }).unwrap()
      void navigate('/login')
    } catch (error) {
      console.error('Registration failed', error)
    }
  }

  return (
    <section className="page page--narrow">
      <h1>Register</h1>
      <form className="form card" onSubmit={onSubmit}>
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          required
          value={form.username}
          onChange={set('username')}
        />
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
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
          aria-describedby="password-hint"
          value={form.password}
          onChange={set('password')}
        />
        <small id="password-hint" className="muted">
          At least 8 characters.
        </small>
        <Field
          label="Phone number (optional)"
          type="tel"
          name="phoneNumber"
          autoComplete="tel"
          value={form.phoneNumber}
          onChange={set('phoneNumber')}
        />
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Register
        </button>
        <p className="muted">
          Already registered? <Link to="/login">Login</Link>
        </p>
      </form>
    </section>
  )
}
