import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { useLoginMutation } from '@/features/auth/authEndpoints'
import { useAppDispatch } from '@/app/hooks'
import { loggedIn } from '@/features/auth/authSlice'
import { Field } from '@/components/Field'
import { ErrorMessage } from '@/components/ErrorMessage'
import { ACCOUNT_CREATED_TEXT, loginFailureText } from '@/features/auth/authMessages'
import { returnPath, type ReturnState } from '@/features/auth/LoginRequiredModal'

/**
 * The navigation state of this page: `registered` after a successful registration; `from`, the page a
 * sign-in was asked for on (the Login Required modal, 'Log in to enroll'), to return to.
 */
export interface LoginPageState extends ReturnState {
  registered?: boolean
}

export default function LoginPage() {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [login, { isLoading }] = useLoginMutation()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const state = useLocation().state as LoginPageState | null
  const registered = state?.registered === true
  const back = returnPath(state)
  const [failure, setFailure] = useState<string | null>(null)

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault()
    setFailure(null)
    try {
      const { token, result } = await login({ loginInput: { email, password } }).unwrap()
      dispatch(loggedIn({ token, user: result }))
      // Back to the page that asked for a sign-in; a plain login goes to /.
      void (back ? navigate(back, { replace: true }) : navigate('/'))
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
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        <p className="muted">
          No account yet?{' '}
          <Link to="/register" state={state?.from ? { from: state.from } : undefined}>
            Register
          </Link>
        </p>
      </form>
    </section>
  )
}
