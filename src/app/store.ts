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
import { api } from '@/api/api'
import { chessDataApi } from '@/api/chessDataApi'
import { authSlice, type AuthState } from '@/features/auth/authSlice'
import { createComputerOpponent, type ComputerOpponentOptions } from '@/features/game/computerOpponent'
import { gameSlice, type GameState } from '@/features/game/gameSlice'
import { alertsSlice } from '@/features/layout/alertsSlice'
import { authPersistConfig, gamePersistConfig } from '@/app/persist'
import { createAppListenerMiddleware } from '@/app/listeners'

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [chessDataApi.reducerPath]: chessDataApi.reducer,
  auth: persistReducer(authPersistConfig, authSlice.reducer),
  game: persistReducer(gamePersistConfig, gameSlice.reducer),
  alerts: alertsSlice.reducer,
})

export type RootState = ReturnType<typeof rootReducer>

/** What tests and startup may preload: the persisted slices without redux-persist's bookkeeping. */
export type PreloadedState = Partial<Omit<RootState, 'auth' | 'game'>> & {
  auth?: AuthState
  game?: GameState
}

/** Per store: the clock, random source and engine of the computer's reply (tests rig them). */
export type StoreOptions = ComputerOpponentOptions

/**
 * One store and everything stateful that goes with it: its listeners and the computer's pending reply
 * (the thunks' extra argument) belong to it alone.
 */
export function makeStore(preloadedState?: PreloadedState, options: StoreOptions = {}) {
  const extraArgument = { computer: createComputerOpponent(options) }
  const listeners = createAppListenerMiddleware()
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as Partial<RootState> | undefined,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listeners.middleware)
        .concat(api.middleware, chessDataApi.middleware),
  })
  setupListeners(store.dispatch)
  return store
}

/** The store's persistor; `onRehydrated` is called once every persisted slice has been read back. */
export const makePersistor = (store: AppStore, onRehydrated?: () => void) =>
  persistStore(store, null, onRehydrated)

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
