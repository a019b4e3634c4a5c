import { combineReducers, configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { persistReducer, persistStore } from 'redux-persist'
import { describe, expect, it } from 'vitest'
import { AUTH_STORAGE_KEYS, authPersistConfig, persistConfig } from '@/app/persist'
import { authSlice, loggedIn, loggedOut } from '@/features/auth/authSlice'

// A second persisted slice, as the practice game will have: its own key in the same storage.
interface PracticeState {
  moves: string[]
  note: string
}
const initialPractice: PracticeState = { moves: [], note: '' }
const practice = createSlice({
  name: 'practice',
  initialState: initialPractice,
  reducers: {
    played: (state, action: PayloadAction<string>) => {
      state.moves.push(action.payload)
    },
  },
})

async function persistedStore() {
  const store = configureStore({
    reducer: combineReducers({
      auth: persistReducer(authPersistConfig, authSlice.reducer),
      practice: persistReducer(persistConfig<PracticeState>('practice', ['moves']), practice.reducer),
    }),
    middleware: (getDefault) => getDefault({ serializableCheck: false }),
  })
  const persistor = persistStore(store)
  await new Promise<void>((resolve) => {
    if (persistor.getState().bootstrapped) resolve()
    else {
      const stop = persistor.subscribe(() => {
        if (!persistor.getState().bootstrapped) return
        stop()
        resolve()
      })
    }
  })
  return { store, persistor }
}

const authKeys = () => Object.fromEntries(AUTH_STORAGE_KEYS.map((k) => [k, localStorage.getItem(k)]))
const session = { token: 'token-of-ann', user: { _id: 'u1', role: 'instructor' as const, username: 'ann' } }

describe('persisted slices each keep their own key', () => {
  it('a second persisted slice never touches the five auth keys, and both restore', async () => {
    const first = await persistedStore()
    first.store.dispatch(loggedIn(session))
    await first.persistor.flush()
    const loggedInKeys = authKeys()
    expect(loggedInKeys).toEqual({
      token: 'token-of-ann',
      user: JSON.stringify({ _id: 'u1', role: 'instructor', username: 'ann' }),
      userId: 'u1',
      username: 'ann',
      userRole: 'instructor',
    })

    first.store.dispatch(practice.actions.played('e2e4'))
    first.store.dispatch(practice.actions.played('e7e5'))
    await first.persistor.flush()
    expect(authKeys()).toEqual(loggedInKeys)
    expect(JSON.parse(localStorage.getItem('persist:practice')!)).toMatchObject({ moves: ['e2e4', 'e7e5'] })
    expect(localStorage.getItem('persist:auth')).toBeNull() // the session lives in the spec's keys only

    const second = await persistedStore()
    expect(second.store.getState().auth).toMatchObject(session)
    expect(second.store.getState().practice).toMatchObject({ moves: ['e2e4', 'e7e5'], note: '' })

    // Logging out empties the five keys and leaves the other slice's key alone.
    second.store.dispatch(loggedOut())
    await second.persistor.flush()
    expect(Object.values(authKeys())).toEqual([null, null, null, null, null])
    expect(JSON.parse(localStorage.getItem('persist:practice')!)).toMatchObject({ moves: ['e2e4', 'e7e5'] })
  })

  it('purging the other slice removes only its key', async () => {
    const { store, persistor } = await persistedStore()
    store.dispatch(loggedIn(session))
    store.dispatch(practice.actions.played('d2d4'))
    await persistor.flush()
    const loggedInKeys = authKeys()
    await persistConfig<PracticeState>('practice').storage.removeItem('persist:practice')
    expect(localStorage.getItem('persist:practice')).toBeNull()
    expect(authKeys()).toEqual(loggedInKeys)
  })
})
