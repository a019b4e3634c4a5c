import { StrictMode, type ReactElement } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { BrowserRouter } from 'react-router-dom'
import { PersistGate } from 'redux-persist/integration/react'
import { makePersistor, makeStore } from '@/app/store'
import { AppRoutes, routes } from '@/app/router'
import { Spinner } from '@/components/Spinner'
import '@/index.css'

const store = makeStore()
const persistor = makePersistor(store)

// /, /home and /courses arrive with their first paint already in #root (src/app/Shell.tsx, issue 14), which React
// replaces at its first commit. Were the page's chunk still loading then, that commit would show the loading
// state in the shell's place: the page's lazy component (its chunk preloaded by that HTML) is loaded first, so it
// renders at once. React.lazy's own initializer does the loading (its _init/_payload, the same since React 16): a
// lazy component that has resolved renders without suspending. Anything unexpected only skips the wait.
const SHELL_ROUTES: Record<string, string> = { '/': 'home', '/home': 'home', '/courses': 'courses' }

type LazyComponent = { _payload: unknown; _init: (payload: unknown) => unknown }

/** The lazy page component a route of the layout renders (inside its RouteBoundary). */
function lazyPage(path: string): LazyComponent | undefined {
  const element = routes[0]?.children?.find((r) => r.path === path)?.element as
    ReactElement<{ children?: ReactElement }> | undefined
  const type = element?.props.children?.type as Partial<LazyComponent> | undefined
  return typeof type?._init === 'function' ? (type as LazyComponent) : undefined
}

function loaded(lazy: LazyComponent | undefined): Promise<unknown> {
  if (!lazy) return Promise.resolve()
  try {
    lazy._init(lazy._payload)
    return Promise.resolve()
  } catch (pending) {
    // A failure is the page's to report (its ChunkLoadError page), when React renders it.
    return Promise.resolve(pending).catch(() => undefined)
  }
}

function mount() {
  createRoot(document.getElementById('root')!).render(
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

const shellRoute = document.getElementById('root')!.hasChildNodes()
  ? SHELL_ROUTES[location.pathname]
  : undefined
if (shellRoute) void loaded(lazyPage(shellRoute)).then(mount)
else mount()
