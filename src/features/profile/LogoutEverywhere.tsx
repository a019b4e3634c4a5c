import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useLogoutEverywhereMutation } from '@/features/auth/authEndpoints'
import { useAppDispatch } from '@/app/hooks'
import { ErrorMessage } from '@/components/ErrorMessage'
import { loggedOut } from '@/features/auth/authSlice'

export const LOGOUT_EVERYWHERE_FAILED_TEXT =
  'Logging out everywhere failed, so your other sessions may still be open. Please try again.'

/** Ends every session of the user on the server (other devices too), then this one like Logout. */
export function LogoutEverywhere() {
  const [logoutEverywhere, { isLoading }] = useLogoutEverywhereMutation()
  const [failed, setFailed] = useState(false)
  const dispatch = useAppDispatch()
  const navigate = useNavigate()

  async function onClick() {
    setFailed(false)
    try {
      await logoutEverywhere().unwrap()
    } catch {
      // The other sessions may still be open: say so instead of pretending (a 401 logs out anyway).
      setFailed(true)
      return
    }
    dispatch(loggedOut())
    void navigate('/login')
  }

  return (
    <section className="card" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Sessions</h2>
      <p className="muted">Logs you out on every device and browser, this one included.</p>
      <button type="button" className="btn" disabled={isLoading} onClick={() => void onClick()}>
        Log out everywhere
      </button>
      {failed && <ErrorMessage>{LOGOUT_EVERYWHERE_FAILED_TEXT}</ErrorMessage>}
    </section>
  )
}
