import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { useLoginMutation } from '@/api/enhancedApi'
import { useAppDispatch } from '@/app/hooks'
import { loggedIn } from '@/features/auth/authSlice'
import { Field } from '@/components/Field'

export default function LoginPage() {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [login, { isLoading }] = useLoginMutation()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault()
    try {
      const { token, result } = await login({ loginInput: { email, password } }).unwrap()
      dispatch(loggedIn({ token, user: result }))
      void navigate('/')
    } catch (error) {
      // Spec §8: a failed login is not in the error catalogue, so it is only logged.
      console.error('Login failed', error)
    }
  }

  return (
    <section className="page page--narrow">
      <h1>Login</h1>
      <form className="form card" onSubmit={onSubmit}>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Login
        </button>
        <p className="muted">
          No account yet? <Link to="/register">Register</Link>
        </p>
      </form>
    </section>
  )
}
