import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { useLoginMutation } from '@/api/enhancedApi'
import { useAppDispatch } from '@/app/hooks'
import { loggedIn } from '@/features/auth/authSlice'
import { Field } from '@/components/Field'
import { ErrorMessage } from '@/components/ErrorMessage'
import { ACCOUNT_CREATED_TEXT, loginFailureText } from '@/features/auth/authMessages'

/** The navigation state RegisterPage leaves for this page after a successful registration. */
export interface LoginPageState {
  registered?: boolean
}

export default function LoginPage() {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [login, { isLoading }] = useLoginMutation()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const registered = (useLocation().state as LoginPageState | null)?.registered === true
  const [failure, setFailure] = useState<string | null>(null)

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault()
    setFailure(null)
    try {
      const { token, result } = await login({ loginInput: { email, password } }).unwrap()
      dispatch(loggedIn({ token, user: result }))
      void navigate('/')
    } catch (error) {
      // Logged with every failed call (app/listeners.ts); the person also reads why.
      setFailure(loginFailureText(error))
    }
  }

  return (
    <section className="page page--narrow">
      <h1>Login</h1>
      {registered && !failure && (
        <p className="notice" role="status">
          {ACCOUNT_CREATED_TEXT}
        </p>
      )}
      <form className="form card" onSubmit={(e) => void onSubmit(e)}>
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
        {failure && <ErrorMessage>{failure}</ErrorMessage>}
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
