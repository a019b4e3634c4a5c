import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { BrowserRouter } from 'react-router-dom'
import { makePersistor, makeStore, type AppStore } from '@/app/store'
import { AppRoutes, SHELL_PAGE_COMPONENTS } from '@/app/router'
import { shellPageOf } from '@/app/shell/shellPages'
import { firstPageAction } from '@/features/courses/firstPage'
import { SHELL_REPLACE } from '@/app/shell/shellBoot'
import { ShellReplaced } from '@/app/shell/ShellReplaced'
import '@/index.css'

// /, /home and /courses arrive with their first paint already in #root (src/app/shell/Shell.tsx), which React
// replaces at its first commit. Were the page's chunk still loading then, that commit would show the loading
// state in the shell's place: the page's chunk (preloaded by that HTML) is loaded first, so the page renders at
// once. A failed load only ends the wait; it is the page's to report (its ChunkLoadError page).
const pageLoaded = () => {
  const page = shellPageOf(location.pathname)
  return page ? SHELL_PAGE_COMPONENTS[page.path].preload() : Promise.resolve()
}

function mount(store: AppStore) {
  const root = document.getElementById('root')!
  // What the visitor types, chooses or sends in the shell until the app has replaced it goes on in the app
  // (src/app/shell/shellBoot.ts).
  document.dispatchEvent(new Event(SHELL_REPLACE))
  const app = createRoot(root)
  // Rendered as a transition: React renders in slices of a few milliseconds, letting the browser answer the visitor
  // between them, and replaces the shell (or the empty root) once, at the end. Rendered at once, the whole app was one
  // task of ~150 ms at Lighthouse's mobile slowdown, most of its total blocking time.
  startTransition(() =>
    app.render(
      <StrictMode>
        <ShellReplaced>
          <Provider store={store}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </Provider>
        </ShellReplaced>
      </StrictMode>,
    ),
  )
}

// And the shell is painted first: were the app mounted before the browser's first frame (its scripts can be ready as
// soon as the stylesheet is), the first paint, and the largest, would be the app's instead of the shell's.
const painted = () =>
  new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve))
    setTimeout(resolve, 100) // a tab in the background has no frames
  })

/** A new task: the browser may paint and answer the visitor before the next step runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))

/**
 * The start, one step per task: the modules' evaluation, the store, its rehydration and the page's first data each
 * run in a task of their own. As one task (~30 ms here, ~120 at Lighthouse's mobile slowdown), they were most of the
 * blocking time left on /home and /courses.
 */
async function start() {
  const shell = document.getElementById('root')!.firstChild !== null
  // The page's chunk is asked for first: its download overlaps the steps below.
  const page = shell ? pageLoaded() : undefined
  await nextTask()
  const store = makeStore()
  await nextTask()
  // The app is drawn once the persisted slices (the session, the game) are read back, so its first render is the
  // right one: no PersistGate, whose loading state would be committed first and then replaced in one synchronous,
  // unsliced render of the whole app.
  const rehydrated = new Promise<void>((resolve) => makePersistor(store, resolve))
  await nextTask()
  // /courses also brings its first page (the cards in the shell): the app starts with it, as the shell shows it.
  const firstPage = firstPageAction()
  const seeded = firstPage ? store.dispatch(firstPage).catch(() => {}) : undefined
  await (shell ? Promise.all([page, painted(), seeded, rehydrated]) : rehydrated)
  mount(store)
}

void start()
