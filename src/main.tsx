import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { RouterProvider } from 'react-router-dom'
import { PersistGate } from 'redux-persist/integration/react'
import { makePersistor, makeStore } from '@/app/store'
import { createAppRouter } from '@/app/router'
import { Spinner } from '@/components/Spinner'
import '@/index.css'

const store = makeStore()
const persistor = makePersistor(store)
const router = createAppRouter()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate loading={<Spinner />} persistor={persistor}>
        <RouterProvider router={router} />
      </PersistGate>
    </Provider>
  </StrictMode>,
)
