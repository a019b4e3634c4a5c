import type { ReactNode } from 'react'
import { NavLink, useNavigate } from 'react-router-dom'
import { useLogoutMutation } from '@/features/auth/authEndpoints'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { loggedOut, selectCurrentUser, selectIsLoggedIn } from '@/features/auth/authSlice'
import { useGetReviewSummaryQuery } from '@/features/review/reviewEndpoints'
import { ThemeToggle } from '@/features/layout/ThemeToggle'
import { useNavMenu } from '@/features/layout/useNavMenu'
import { canCreateCourse } from '@domain/rules'

const link = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav__link nav__link--active' : 'nav__link')

/** One link of the bar, marked while its page is shown. */
function NavItem({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <NavLink to={to} className={link}>
        {children}
      </NavLink>
    </li>
  )
}

/**
 * The navigation bar with the links every role has; `children` are the role's own links (list items). On a phone
 * the links, Logout and the theme toggle fold into a menu. Also the prerendered shell's navigation
 * (src/app/shell/Shell.tsx), which reserves the role's links unseen.
 */
export function NavFrame({ children }: { children: ReactNode }) {
  const menu = useNavMenu()
  return (
    <header className="nav" ref={menu.bar}>
      <NavLink to="/home" className="nav__brand">
        Chess Online Education
      </NavLink>
      {/* Shown on a phone only (src/styles/layout.css), where the links fold into it. */}
      <button type="button" className="btn nav__menu-button" {...menu.button}>
        <span className="nav__menu-icon" aria-hidden="true" />
        Menu
      </button>
      <nav aria-label="Main" {...menu.nav}>
        <ul className="nav__links">
          <NavItem to="/home">Home</NavItem>
          <NavItem to="/courses">Courses</NavItem>
          <NavItem to="/blog">Blog</NavItem>
          <NavItem to="/cart">Cart</NavItem>
          <NavItem to="/analysis">Analysis</NavItem>
          <NavItem to="/puzzles">Puzzles</NavItem>
          {children}
          <ThemeToggle />
        </ul>
      </nav>
    </header>
  )
}

/** 'Review', with the count of lines due when there are some: 'Review (3)'. */
function ReviewLink() {
  const due = useGetReviewSummaryQuery().data?.dueCount ?? 0
  return <NavItem to="/review">{due > 0 ? `Review (${due})` : 'Review'}</NavItem>
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
      {canCreateCourse(user) && <NavItem to="/studio">Studio</NavItem>}
      {user?.role === 'admin' && <NavItem to="/admin">Admin</NavItem>}
      {isLoggedIn && user ? (
        <>
          <ReviewLink />
          <NavItem to={`/profile/${user._id}`}>Profile</NavItem>
          <li>
            <button type="button" className="btn nav__logout" onClick={logOut}>
              Logout
            </button>
          </li>
        </>
      ) : (
        <>
          <NavItem to="/login">Login</NavItem>
          <NavItem to="/register">Register</NavItem>
        </>
      )}
    </NavFrame>
  )
}
