import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Modal } from '@/components/Modal'

export const LOGIN_REQUIRED_TEXT =
  'You need to be logged in to view enroll courses. Please login or register.'

/** Spec §2/§8: shown on /courses and /cart to visitors who are not logged in. */
export function LoginRequiredModal() {
  const [open, setOpen] = useState(true)
  const navigate = useNavigate()
  if (!open) return null
  return (
    <Modal title="Login Required" onClose={() => setOpen(false)}>
      <p>{LOGIN_REQUIRED_TEXT}</p>
      <div className="row">
        <button type="button" className="btn btn--primary" onClick={() => void navigate('/login')}>
          Login
        </button>
        <button type="button" className="btn" onClick={() => void navigate('/register')}>
          Register
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </Modal>
  )
}
