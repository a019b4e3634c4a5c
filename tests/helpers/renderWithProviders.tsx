import type { ReactElement } from 'react'
import { render, type RenderOptions } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'react-redux'
import { MemoryRouter, Route, RouterProvider, Routes } from 'react-router-dom'
import { PersistGate } from 'redux-persist/integration/react'
import { makePersistor, makeStore, type AppStore, type PreloadedState } from '@/app/store'
import { createTestRouter } from '@/app/router'

type Options = Omit<RenderOptions, 'queries' | 'wrapper'> & {
  preloadedState?: PreloadedState
  /** The URL the memory router starts at. */
  route?: string
  /** A route pattern for `ui` (e.g. '/player/:username'), so useParams works. */
  path?: string
  store?: AppStore
}

/** Renders one component with a fresh store and a memory router. */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const { preloadedState, route = '/', path, store = makeStore(preloadedState), ...rest } = options
  const user = userEvent.setup()
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        {path ? (
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<p>Other page</p>} />
          </Routes>
        ) : (
          ui
        )}
      </MemoryRouter>
    </Provider>,
    rest,
  )
  return { store, user, ...result }
}

type AppOptions = { preloadedState?: PreloadedState; store?: AppStore }

/**
 * Renders the whole application at a URL as main.tsx does (store, persistence from localStorage,
 * the real route table with its lazy pages), on a memory router.
 */
export function renderApp(url = '/', options: AppOptions = {}) {
  const store = options.store ?? makeStore(options.preloadedState)
  const persistor = makePersistor(store)
  const router = createTestRouter(url)
  const user = userEvent.setup()
  const result = render(
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <RouterProvider router={router} />
      </PersistGate>
    </Provider>,
  )
  return { store, user, router, persistor, ...result }
}
