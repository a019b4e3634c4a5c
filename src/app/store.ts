import { combineReducers, configureStore } from '@reduxjs/toolkit'
import { setupListeners } from '@reduxjs/toolkit/query'
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
} from 'redux-persist'
import { api } from '@/api/enhancedApi'
import { chessDataApi } from '@/api/chessDataApi'
import { authSlice, type AuthState } from '@/features/auth/authSlice'
import { gameSlice } from '@/features/game/gameSlice'
import { alertsSlice } from '@/features/layout/alertsSlice'
import { authStorage } from '@/app/persist'
import { listenerMiddleware } from '@/app/listeners'

const authPersistConfig = {
  key: 'auth',
  version: 1,
  storage: authStorage,
  whitelist: ['token', 'user'],
  // Our storage takes and returns plain objects and maps them onto the spec's keys.
  serialize: false,
  deserialize: false,
} as const

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [chessDataApi.reducerPath]: chessDataApi.reducer,
  auth: persistReducer<AuthState>(authPersistConfig as never, authSlice.reducer),
  game: gameSlice.reducer,
  alerts: alertsSlice.reducer,
})

export type RootState = ReturnType<typeof rootReducer>

/** What tests and startup may preload: the auth slice without redux-persist's bookkeeping. */
export type PreloadedState = Partial<Omit<RootState, 'auth'>> & { auth?: AuthState }

export function makeStore(preloadedState?: PreloadedState) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as Partial<RootState> | undefined,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listenerMiddleware.middleware)
        .concat(api.middleware, chessDataApi.middleware),
  })
  setupListeners(store.dispatch)
  return store
}

export const makePersistor = (store: AppStore) => persistStore(store)

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
