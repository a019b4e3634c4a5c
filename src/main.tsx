import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { BrowserRouter } from 'react-router-dom'
import { PersistGate } from 'redux-persist/integration/react'
import { makePersistor, makeStore } from '@/app/store'
import { AppRoutes, SHELL_PAGE_COMPONENTS } from '@/app/router'
import { shellPageOf } from '@/domain/shellPages'
import { firstPageAction } from '@/features/courses/firstPage'
import { SHELL_REPLACE } from '@/domain/shellBoot'
import { Spinner } from '@/components/Spinner'
import '@/index.css'

const store = makeStore()
const persistor = makePersistor(store)

// /, /home and /courses arrive with their first paint already in #root (src/app/Shell.tsx, issue 14), which React
// replaces at its first commit. Were the page's chunk still loading then, that commit would show the loading
// state in the shell's place: the page's chunk (preloaded by that HTML) is loaded first, so the page renders at
// once. A failed load only ends the wait; it is the page's to report (its ChunkLoadError page).
const pageLoaded = () => {
  const page = shellPageOf(location.pathname)
  return page ? SHELL_PAGE_COMPONENTS[page.path].preload() : Promise.resolve()
}

function mount() {
  const root = document.getElementById('root')!
  // What the visitor typed, chose or sent in the shell meanwhile goes on in the app (src/domain/shellBoot.ts).
  document.dispatchEvent(new Event(SHELL_REPLACE))
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <PersistGate loading={<Spinner />} persistor={persistor}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </PersistGate>
      </Provider>
    </StrictMode>,
  )
}

// And the shell is painted first: were the app mounted before the browser's first frame (its scripts can be ready as
// soon as the stylesheet is), the first paint, and the largest, would be the app's instead of the shell's.
const painted = () =>
  new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve))
    setTimeout(resolve, 100) // a tab in the background has no frames
  })

// /courses also brings its first page (the cards in the shell): the app starts with it, as the shell shows it.
const firstPage = firstPageAction()
const seeded = firstPage ? store.dispatch(firstPage).catch(() => {}) : undefined

if (document.getElementById('root')!.firstChild)
  void Promise.all([pageLoaded(), painted(), seeded]).then(mount)
else mount()
