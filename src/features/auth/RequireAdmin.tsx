import { Navigate } from 'react-router-dom'
import { useAppSelector } from '@/app/hooks'
import { selectRole } from '@/features/auth/authSlice'

/** /admin sends anyone whose stored role is not admin to /. */
export function RequireAdmin({ children }: { children: React.ReactNode }) {
  const role = useAppSelector(selectRole)
  return role === 'admin' ? children : <Navigate to="/" replace />
}
