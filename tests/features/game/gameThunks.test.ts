import { configureStore } from '@reduxjs/toolkit'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore } from '@/app/store'
import { legalMoves } from '@domain/chess/chessRules'
import { createComputerOpponent, type Clock, type RandomSource } from '@/features/game/computerOpponent'
import { gameSlice, initialGameState, type GameState } from '@/features/game/gameSlice'
import {
  COMPUTER_REPLY_DELAY_MS,
  cancelComputerReply,
  playMove,
  resumeGame,
  startNewGame,
} from '@/features/game/gameThunks'

/** A store with the game slice and, like makeStore, its own computer opponent; the dice can be rigged. */
function makeGameStore(startFen?: string) {
  const game: GameState = startFen ? { ...initialGameState, startFen, fen: startFen } : initialGameState
  let dice: RandomSource = Math.random
  const computer = createComputerOpponent({ random: () => dice() })
  const store = configureStore({
    reducer: { game: gameSlice.reducer },
    preloadedState: { game },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: { computer } } }),
  })
  /** Rigs the random source so the computer plays `uci` next. */
  function computerWillPlay(uci: string) {
    const { moves, startFen: from } = store.getState().game
    const candidates = legalMoves(moves, from)
    const index = candidates.indexOf(uci)
    expect(index, `${uci} is legal`).toBeGreaterThanOrEqual(0)
    dice = () => (index + 0.5) / candidates.length
  }
  return Object.assign(store, { computerWillPlay })
}

type GameStore = ReturnType<typeof makeGameStore>

function play(store: Pick<GameStore, 'dispatch'>, from: string, to: string) {
  return store.dispatch(playMove({ from, to }))
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('playMove', () => {
  it('accepts a legal move and says "Player moved."', () => {
    const store = makeGameStore()
    expect(play(store, 'e2', 'e4')).toBe(true)
    const { game } = store.getState()
    expect(game.status).toBe('Player moved.')
    expect(game.moves).toEqual(['e2e4'])
    expect(game.computerThinking).toBe(true)
  })

  it('rejects an illegal move with "Invalid move." and keeps the position', () => {
    const store = makeGameStore()
    expect(play(store, 'e2', 'e5')).toBe(false)
    expect(store.getState().game.status).toBe('Invalid move.')
    expect(store.getState().game.moves).toEqual([])
    vi.advanceTimersByTime(5000)
    expect(store.getState().game.moves).toEqual([]) // no computer reply to a rejected move
  })

  it("rejects moving black's pieces and moving while the computer is thinking", () => {
    const store = makeGameStore()
    expect(play(store, 'e7', 'e5')).toBe(false)
    expect(store.getState().game.status).toBe('Invalid move.')
    play(store, 'e2', 'e4')
    expect(play(store, 'd2', 'd4')).toBe(false)
    expect(store.getState().game.status).toBe('Invalid move.')
    expect(store.getState().game.moves).toEqual(['e2e4'])
  })

  it('answers with a random legal move after exactly 1000 ms', () => {
    const store = makeGameStore()
    play(store, 'e2', 'e4')
    store.computerWillPlay('e7e5')
    vi.advanceTimersByTime(999)
    expect(store.getState().game.moves).toEqual(['e2e4'])
    expect(store.getState().game.status).toBe('Player moved.')
    vi.advanceTimersByTime(1)
    const { game } = store.getState()
    expect(game.moves).toEqual(['e2e4', 'e7e5'])
    expect(game.status).toBe('AI moved.')
    expect(game.computerThinking).toBe(false)
    expect(game.fen).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2')
  })

  it('the unrigged computer always plays some legal move', () => {
    const store = makeGameStore()
    for (let ply = 0; ply < 6; ply += 1) {
      const [first] = legalMoves(store.getState().game.moves, store.getState().game.startFen)
      expect(play(store, first.slice(0, 2), first.slice(2, 4))).toBe(true)
      const before = store.getState().game.moves
      vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
      const after = store.getState().game.moves
      expect(after).toHaveLength(before.length + 1)
      expect(legalMoves(before)).toContain(after.at(-1))
      if (store.getState().game.over) break
    }
  })

  it('promotes to a queen', () => {
    const store = makeGameStore('7k/P7/8/8/8/8/8/K7 w - - 0 1')
    expect(play(store, 'a7', 'a8')).toBe(true)
    expect(store.getState().game.moves).toEqual(['a7a8q'])
    expect(store.getState().game.fen.startsWith('Q6k/')).toBe(true)
  })

  it('says "Game over. Player wins!" after a mate in one and the computer does not reply', () => {
    const store = makeGameStore('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1')
    play(store, 'a1', 'a8')
    expect(store.getState().game.status).toBe('Game over. Player wins!')
    expect(store.getState().game.over).toBe(true)
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS * 3)
    expect(store.getState().game.moves).toEqual(['a1a8'])
    expect(play(store, 'g1', 'h1')).toBe(false)
    expect(store.getState().game.status).toBe('Game over. Player wins!')
  })

  it('says "Game over. AI wins!" after fool\'s mate by the rigged computer', () => {
    const store = makeGameStore()
    play(store, 'f2', 'f3')
    store.computerWillPlay('e7e5')
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    play(store, 'g2', 'g4')
    store.computerWillPlay('d8h4')
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    const { game } = store.getState()
    expect(game.moves).toEqual(['f2f3', 'e7e5', 'g2g4', 'd8h4'])
    expect(game.status).toBe('Game over. AI wins!')
    expect(game.over).toBe(true)
    expect(play(store, 'e2', 'e4')).toBe(false)
  })

  it('says "Game over. Draw. Stalemate." when the player stalemates, never "Player wins!"', () => {
    const store = makeGameStore('k7/8/1Q6/8/8/8/8/7K w - - 0 1')
    play(store, 'h1', 'g2')
    expect(store.getState().game.status).toBe('Game over. Draw. Stalemate.')
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    expect(store.getState().game.moves).toEqual(['h1g2'])
  })

  it('says "Game over. Draw. Threefold repetition." when the computer repeats the position a third time', () => {
    const store = makeGameStore()
    const shuffle: [string, string, string][] = [
      ['g1', 'f3', 'g8f6'],
      ['f3', 'g1', 'f6g8'],
      ['g1', 'f3', 'g8f6'],
      ['f3', 'g1', 'f6g8'],
    ]
    for (const [from, to, reply] of shuffle) {
      expect(play(store, from, to)).toBe(true)
      store.computerWillPlay(reply)
      vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    }
    expect(store.getState().game.status).toBe('Game over. Draw. Threefold repetition.')
    expect(store.getState().game.over).toBe(true)
  })

  it('says "Game over. Draw. 50-move rule." on the 100th half-move by the player', () => {
    const store = makeGameStore('7k/8/8/8/8/8/R7/K7 w - - 99 80')
    play(store, 'a2', 'b2')
    expect(store.getState().game.status).toBe('Game over. Draw. 50-move rule.')
  })

  it('says "Game over. Draw. 50-move rule." on the 100th half-move by the computer', () => {
    const store = makeGameStore('7k/8/8/8/8/8/R7/K7 w - - 98 80')
    play(store, 'a2', 'b2')
    expect(store.getState().game.status).toBe('Player moved.')
    store.computerWillPlay('h8g8')
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    expect(store.getState().game.status).toBe('Game over. Draw. 50-move rule.')
  })

  it('says "Game over. Draw. Insufficient material." when the computer takes the last pawn', () => {
    const store = makeGameStore('7k/8/8/8/1b6/8/P7/7K w - - 0 1')
    play(store, 'a2', 'a3')
    store.computerWillPlay('b4a3')
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    expect(store.getState().game.status).toBe('Game over. Draw. Insufficient material.')
  })
})

describe('cancelling the computer reply', () => {
  it('a new game cancels the pending reply and returns to the standard position', () => {
    const store = makeGameStore()
    play(store, 'e2', 'e4')
    store.dispatch(startNewGame())
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS * 2)
    expect(store.getState().game).toEqual(initialGameState)
  })

  it('cancelComputerReply (board unmount) stops the reply; resumeGame schedules it again', () => {
    const store = makeGameStore()
    play(store, 'e2', 'e4')
    store.dispatch(cancelComputerReply())
    expect(store.getState().game.computerThinking).toBe(false)
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS * 2)
    expect(store.getState().game.moves).toEqual(['e2e4'])
    store.dispatch(resumeGame())
    expect(store.getState().game.computerThinking).toBe(true)
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    expect(store.getState().game.moves).toHaveLength(2)
    expect(store.getState().game.status).toBe('AI moved.')
  })

  it('resumeGame does nothing when it is the player to move', () => {
    const store = makeGameStore()
    store.dispatch(resumeGame())
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS * 2)
    expect(store.getState().game).toEqual(initialGameState)
  })
})

describe('one computer per store (makeStore)', () => {
  it('two stores never share a pending reply', () => {
    const a = makeStore()
    const b = makeStore()
    play(a, 'e2', 'e4')
    play(b, 'd2', 'd4') // with one reply shared by every store, this replaced a's
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    expect(a.getState().game.moves).toHaveLength(2)
    expect(a.getState().game.status).toBe('AI moved.')
    expect(b.getState().game.moves).toHaveLength(2)
    expect(b.getState().game.status).toBe('AI moved.')
  })

  it("a new game or an unmounted board in one store leaves the other store's reply alone", () => {
    const a = makeStore()
    const b = makeStore()
    const c = makeStore()
    play(a, 'e2', 'e4')
    play(b, 'e2', 'e4')
    play(c, 'e2', 'e4')
    b.dispatch(startNewGame())
    c.dispatch(cancelComputerReply())
    c.dispatch(resumeGame()) // c resumes its own reply; nothing of a's is pending in c
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    expect(a.getState().game.moves).toHaveLength(2)
    expect(b.getState().game).toEqual(initialGameState)
    expect(c.getState().game.moves).toHaveLength(2)
  })

  it("takes each store's random source", () => {
    const first = makeStore(undefined, { random: () => 0 })
    const last = makeStore(undefined, { random: () => 0.999 })
    play(first, 'e2', 'e4')
    play(last, 'e2', 'e4')
    vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    const candidates = legalMoves(['e2e4'])
    expect(first.getState().game.moves).toEqual(['e2e4', candidates[0]])
    expect(last.getState().game.moves).toEqual(['e2e4', candidates.at(-1)])
  })

  it('waits on the injected clock: the reply comes when that clock reaches 1000 ms', () => {
    vi.useRealTimers() // nothing here may depend on the global timers
    const timers: { at: number; run: () => void }[] = []
    let now = 0
    const clock: Clock = {
      setTimeout: (run, ms) => {
        const timer = { at: now + ms, run }
        timers.push(timer)
        return timer
      },
      clearTimeout: (handle) => {
        timers.splice(timers.indexOf(handle as (typeof timers)[number]), 1)
      },
    }
    const advance = (ms: number) => {
      now += ms
      for (const due of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(due), 1)
        due.run()
      }
    }
    const store = makeStore(undefined, { clock, random: () => 0 })
    play(store, 'e2', 'e4')
    expect(timers).toHaveLength(1)
    advance(999)
    expect(store.getState().game.moves).toEqual(['e2e4'])
    advance(1)
    expect(store.getState().game.moves).toHaveLength(2)
    expect(store.getState().game.status).toBe('AI moved.')
    play(store, 'd2', 'd4')
    store.dispatch(startNewGame())
    expect(timers).toEqual([]) // the new game cleared the pending reply on the same clock
  })
})
