import { THEME_KEY } from '@/features/layout/theme'

/** The scheme shown now: the toggle's choice (html[data-theme]) or else the system's. */
const isDark = () =>
  (document.documentElement.dataset.theme ??
    (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')) === 'dark'

/**
 * The navigation's colour-scheme toggle. Its text says what clicking does ('Dark mode' in light, 'Light mode' in
 * dark): both are in the markup and the stylesheet shows the one that fits (src/styles/base.css), so the
 * prerendered shell, drawn before any script runs, already says the right one. The choice is kept in this
 * browser; the page's head applies it before the first paint (src/app/shell/themeBoot.ts).
 */
export function ThemeToggle() {
  function toggle() {
    const next = isDark() ? 'light' : 'dark'
    document.documentElement.dataset.theme = next
    try {
      localStorage.setItem(THEME_KEY, next)
    } catch {
      // Storage refused (private mode, full): the choice holds for this page only.
    }
  }
  return (
    <li>
      <button type="button" className="btn nav__theme" onClick={toggle}>
        <span className="theme-when-light">Dark mode</span>
        <span className="theme-when-dark">Light mode</span>
      </button>
    </li>
  )
}
