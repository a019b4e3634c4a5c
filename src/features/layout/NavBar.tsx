import type { ReactNode } from 'react'
import { NavLink, useNavigate } from 'react-router-dom'
import { useLogoutMutation } from '@/api/enhancedApi'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { loggedOut, selectCurrentUser, selectIsLoggedIn } from '@/features/auth/authSlice'

const link = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav__link nav__link--active' : 'nav__link')

/**
 * The navigation bar with the links every role has; `children` are the role's own links (list items). Also the
 * prerendered shell's navigation (src/app/Shell.tsx), which reserves the role's links unseen.
 */
export function NavFrame({ children }: { children: ReactNode }) {
  return (
    <header className="nav">
      <NavLink to="/home" className="nav__brand">
        Chess Online Education
      </NavLink>
      <nav aria-label="Main">
        <ul className="nav__links">
          <li>
            <NavLink to="/home" className={link}>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/courses" className={link}>
              Courses
            </NavLink>
          </li>
          <li>
            <NavLink to="/blog" className={link}>
              Blog
            </NavLink>
          </li>
          <li>
            <NavLink to="/cart" className={link}>
              Cart
            </NavLink>
          </li>
          {children}
        </ul>
      </nav>
    </header>
  )
}

export function NavBar() {
  const user = useAppSelector(selectCurrentUser)
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [logout] = useLogoutMutation()

  function logOut() {
    // Fire and forget: the request reads the token as it starts, so the local logout need not wait;
    // whatever the server answers, this browser is logged out at once.
    void logout()
    dispatch(loggedOut())
    void navigate('/login')
  }

  return (
    <NavFrame>
      {user?.role === 'admin' && (
        <li>
          <NavLink to="/admin" className={link}>
            Admin
          </NavLink>
        </li>
      )}
      {isLoggedIn && user ? (
        <>
          <li>
            <NavLink to={`/profile/${user._id}`} className={link}>
              Profile
            </NavLink>
          </li>
          <li>
            <button type="button" className="btn nav__logout" onClick={logOut}>
              Logout
            </button>
          </li>
        </>
      ) : (
        <>
          <li>
            <NavLink to="/login" className={link}>
              Login
            </NavLink>
          </li>
          <li>
            <NavLink to="/register" className={link}>
              Register
            </NavLink>
          </li>
        </>
      )}
    </NavFrame>
  )
}
