import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTH_STORAGE_KEYS } from '@/app/persist'
import { makePersistor, makeStore } from '@/app/store'
import { COMPUTER_REPLY_DELAY_MS, chooseOpponent, playMove, startNewGame } from '@/features/game/gameThunks'
import { fakeEngine, settle } from './fakeEngine'

/** A store as main.tsx makes it, once redux-persist has read localStorage. */
async function bootedStore() {
  const store = makeStore(undefined, { random: () => 0, engine: fakeEngine().loader })
  const persistor = makePersistor(store)
  await vi.waitFor(() => expect(persistor.getState().bootstrapped).toBe(true))
  return { store, persistor }
}

const stored = () =>
  JSON.parse(localStorage.getItem('persist:game') ?? 'null') as Record<string, unknown> | null

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the practice game survives a reload', () => {
  it("is kept under its own key 'persist:game', never in the spec's five keys, and restores", async () => {
    const first = await bootedStore()
    first.store.dispatch(chooseOpponent(4))
    await settle()
    first.store.dispatch(playMove({ from: 'e2', to: 'e4' }))
    await settle()
    first.store.dispatch(startNewGame()) // drops the pending reply: nothing to replay
    first.store.dispatch(chooseOpponent('random'))
    first.store.dispatch(playMove({ from: 'd2', to: 'd4' }))
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    await first.persistor.flush()
    const moves = first.store.getState().game.moves
    expect(moves).toHaveLength(2)
    expect(stored()).toMatchObject({ moves, status: 'AI moved.', opponent: 'random', playerColor: 'white' })
    expect(stored()).not.toHaveProperty('computerThinking')
    for (const key of AUTH_STORAGE_KEYS) expect(localStorage.getItem(key)).toBeNull()

    const second = await bootedStore()
    expect(second.store.getState().game).toMatchObject({
      moves,
      fen: first.store.getState().game.fen,
      status: 'AI moved.',
      computerThinking: false,
    })
  })

  it("'New game' clears it; a chosen level is all that stays", async () => {
    const { store, persistor } = await bootedStore()
    store.dispatch(playMove({ from: 'e2', to: 'e4' }))
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    await persistor.flush()
    expect(stored()?.moves).toHaveLength(2)
    store.dispatch(startNewGame())
    await persistor.flush()
    expect(localStorage.getItem('persist:game')).toBeNull()
    store.dispatch(chooseOpponent(2))
    await settle()
    await persistor.flush()
    expect(stored()).toMatchObject({ moves: [], opponent: 2 })
  })
})
