// The first paint of /home and /courses before the scripts have run: rendered to HTML at build time
// (scripts/vite-prerender.mjs) with react-dom/server and put into #root of dist/home.html and dist/courses.html,
// which the server answers for those addresses. The SPA then renders into #root and replaces it (src/main.tsx).
//
// Only what every visitor sees, whatever the role, is drawn: the HTML is the same for everyone and the session
// lives in this browser's storage, so a signed-in visitor must not see a guest's navigation or greeting flash
// into their own. The role's links and the name in the greeting keep their space, drawn invisibly.
// Never imported by the app: only the build loads this module.
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { documentTitle } from '@/app/DocumentTitle'
import { CatalogueControls } from '@/features/courses/CatalogueControls'
import { PracticeBoardPanel } from '@/features/game/PracticeBoardPanel'
import { ExpertTips } from '@/features/home/ExpertTips'
import { SearchPlayers } from '@/features/home/SearchPlayers'
import { NavFrame } from '@/features/layout/NavBar'
import { GUEST_NAME, PRODUCT_NAME } from '@/features/home/homeContent'
import { Spinner } from '@/components/Spinner'
import { SHELL_PAGES, type ShellPath } from '@/app/shell/shellPages'
import { SHELL_BOOT_SCRIPT } from '@/app/shell/shellBoot'

// The build step (scripts/vite-prerender.mjs) reads the pages from here, with this module's renderShell.
export { SHELL_PAGES }

/**
 * Text kept invisible: its space is reserved for what the app puts there once it knows the visitor. A class of the
 * app's stylesheet, not a style attribute, which the pages' Content-Security-Policy refuses.
 */
function Reserved({ children }: { children: ReactNode }) {
  return (
    <span aria-hidden="true" className="reserved">
      {children}
    </span>
  )
}

/** The navigation bar (src/features/layout/NavBar.tsx's frame) with the role's links reserved unseen. */
function ShellNav() {
  return (
    <NavFrame>
      {/* The role's links (Login and Register, or Profile and Logout): the guest's width, unseen. */}
      <li aria-hidden="true">
        <span className="nav__link">
          <Reserved>Login</Reserved>
        </span>
      </li>
      <li aria-hidden="true">
        <span className="nav__link">
          <Reserved>Register</Reserved>
        </span>
      </li>
    </NavFrame>
  )
}

/** /home (src/features/home/HomePage.tsx) without what depends on the visitor: greeting, board, tips, search. */
function HomeShell() {
  return (
    <div className="page home">
      <header className="home__welcome">
        <h1>
          Hello <Reserved>{GUEST_NAME}</Reserved>, Welcome to {PRODUCT_NAME}
        </h1>
      </header>
      <div className="home__layout">
        <div className="home__main stack">
          {/* The board's chunk is not loaded here: its Suspense fallback, the placeholder of the board's size. */}
          <PracticeBoardPanel />
          <ExpertTips />
        </div>
        <SearchPlayers />
      </div>
    </div>
  )
}

/** /courses (src/features/courses/CoursesPage.tsx) while its list loads. */
function CoursesShell() {
  return (
    <section className="page">
      <h1>Courses</h1>
      <CatalogueControls q="" sort="newest" onChange={() => {}} />
      <Spinner />
    </section>
  )
}

/** The layout (src/features/layout/Layout.tsx) around a page's shell. */
export function Shell({ path }: { path: ShellPath }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <div className="app">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <ShellNav />
        <div className="alerts" />
        <main id="main" className="main" tabIndex={-1}>
          {path === '/home' ? <HomeShell /> : <CoursesShell />}
        </main>
      </div>
    </MemoryRouter>
  )
}

/** The shell's HTML, the document title of its page, and the loader that starts the app after the first paint. */
export function renderShell(path: ShellPath): { html: string; title: string; boot: string } {
  return { html: renderToString(<Shell path={path} />), title: documentTitle(path), boot: SHELL_BOOT_SCRIPT }
}
