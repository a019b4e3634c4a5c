import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, type Location } from 'react-router-dom'
import { Modal } from '@/components/Modal'

export const LOGIN_REQUIRED_TEXT =
  'You need to be logged in to view enroll courses. Please login or register.'

/** sessionStorage key: the pages whose Login Required modal was already shown in this visit (this tab). */
export const LOGIN_PROMPTS_KEY = 'login-required-shown'

/** Navigation state of /login and /register: the page to return to after signing in (a location or a path). */
export interface ReturnState {
  from?: { pathname: string; search?: string; hash?: string } | string
}

/** The state that sends a sign-in started here back here. */
export function returnState({ pathname, search, hash }: Location): ReturnState {
  return { from: { pathname, search, hash } }
}

/** Where a sign-in returns to: the page it was started from, when that is a page of this app; else null. */
export function returnPath(state: unknown): string | null {
  const from = (state as ReturnState | null)?.from
  const path =
    typeof from === 'string'
      ? from
      : typeof from?.pathname === 'string'
        ? from.pathname + (from.search ?? '') + (from.hash ?? '')
        : ''
  // Only a path of this app (not '//host'), and never back to the sign-in forms themselves.
  if (!/^\/(?![/\\])/.test(path) || /^\/(login|register)\/?([?#]|$)/.test(path)) return null
  return path
}

// The path without its trailing slashes (its first character kept), the run matched from its start only:
// /(.)\/+$/ rescans a long run of slashes from each of its positions, in time growing with its length squared.
const pageOf = (pathname: string) => pathname.replace(/(?<=^.|[^/])\/+$/, '')

function shownPages(): string[] {
  try {
    const pages: unknown = JSON.parse(sessionStorage.getItem(LOGIN_PROMPTS_KEY) ?? '[]')
    return Array.isArray(pages) ? pages.filter((p): p is string => typeof p === 'string') : []
  } catch {
    return [] // unreadable or disabled storage: show the prompt, as before
  }
}

function rememberShown(page: string) {
  try {
    const pages = shownPages()
    if (!pages.includes(page)) sessionStorage.setItem(LOGIN_PROMPTS_KEY, JSON.stringify([...pages, page]))
  } catch {
    // a full or disabled sessionStorage only shows the prompt again
  }
}

/** A link to /login that comes back to the current page after signing in. */
export function LoginLink({ children, className }: { children: React.ReactNode; className?: string }) {
  const location = useLocation()
  return (
    <Link to="/login" state={returnState(location)} className={className}>
      {children}
    </Link>
  )
}

type Props = {
  /** What the modal says; the spec's text by default. */
  message?: string
  /** A second line under the message. */
  hint?: string
  /** Open once per visit of this page (remembered in sessionStorage), not on every return. */
  oncePerVisit?: boolean
}

/**
 * Shown to visitors who are not logged in. On /courses and /cart once per visit of the page (the
 * page then offers its own way to log in); signing in from it comes back to the page.
 */
export function LoginRequiredModal({ message = LOGIN_REQUIRED_TEXT, hint, oncePerVisit = true }: Props) {
  const location = useLocation()
  const page = pageOf(location.pathname)
  const [open, setOpen] = useState(() => !oncePerVisit || !shownPages().includes(page))
  const navigate = useNavigate()

  useEffect(() => {
    if (open && oncePerVisit) rememberShown(page)
  }, [open, oncePerVisit, page])

  if (!open) return null
  const go = (to: '/login' | '/register') => void navigate(to, { state: returnState(location) })
  return (
    <Modal title="Login Required" onClose={() => setOpen(false)}>
      <p>{message}</p>
      {hint && <p>{hint}</p>}
      <div className="row">
        <button type="button" className="btn btn--primary" onClick={() => go('/login')}>
          Login
        </button>
        <button type="button" className="btn" onClick={() => go('/register')}>
          Register
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </Modal>
  )
}
